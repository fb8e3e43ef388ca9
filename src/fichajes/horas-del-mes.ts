import type { HorasSemana } from '../calendario-laboral/semana-laboral.js';
import type { Minutos } from './periodo.js';

/**
 * A month's hours as the register reports them (ET art. 34.9, and 12.4.c for part-timers): the minutes
 * worked split into ordinary ones and those beyond each day's schedule. Beyond the schedule is overtime
 * (horas extraordinarias, ET art. 35) for a full-timer and complementary hours (horas complementarias,
 * ET art. 12.5) for a part-timer, who may not work overtime (ET art. 12.4.c); the other kind is always 0.
 */
export interface HorasDelMes {
  tiempo_parcial: boolean;
  minutos_trabajados: number;
  minutos_previstos: number;
  minutos_ordinarios: number;
  minutos_extraordinarios: number;
  minutos_complementarios: number;
  minutos_defecto: number;
}

/** A part-timer works fewer ordinary weekly hours than the company's full-time week (ET art. 12.1). */
export function esTiempoParcial(semanaOrdinaria: HorasSemana, horasSemanaCompleta: number): boolean {
  return semanaOrdinaria.reduce((total, horas) => total + horas, 0) < horasSemanaCompleta;
}

/** The month's totals from its days (as jornadasDelPeriodo gives them). */
export function horasDelMes(dias: readonly Minutos[], tiempoParcial: boolean): HorasDelMes {
  let [trabajados, previstos, exceso, defecto] = [0, 0, 0, 0];
  for (const dia of dias) {
    trabajados += dia.minutos_trabajados;
    previstos += dia.minutos_previstos;
    exceso += dia.minutos_exceso;
    defecto += dia.minutos_defecto;
  }
  return {
    tiempo_parcial: tiempoParcial,
    minutos_trabajados: trabajados,
    minutos_previstos: previstos,
    minutos_ordinarios: trabajados - exceso,
    minutos_extraordinarios: tiempoParcial ? 0 : exceso,
    minutos_complementarios: tiempoParcial ? exceso : 0,
    minutos_defecto: defecto,
  };
}
