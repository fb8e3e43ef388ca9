import type { CalendarDate } from '../common/calendar-date.js';
import type { Modalidad } from './fichaje-fields.js';
import type { FichajeRow } from './fichajes.repository.js';
import { resumirDia } from './jornada-del-dia.js';

/** A day of a period: no records yet, still open (last record not a salida), closed, or marked left open (incompleto). */
export const ESTADOS_JORNADA = ['sin_fichajes', 'abierto', 'completo', 'incompleto'] as const;
export type EstadoJornada = (typeof ESTADOS_JORNADA)[number];

export interface Minutos {
  minutos_trabajados: number;
  minutos_previstos: number;
  minutos_exceso: number;
  minutos_defecto: number;
}

export interface JornadaDelPeriodo extends Minutos {
  fecha: CalendarDate;
  estado: EstadoJornada;
  modalidad: Modalidad | null;
  fichajes: FichajeRow[];
  minutos_pausa: number;
}

/**
 * Each day of `previstos` (one per date of the period, in order) with its records from `filas` (in order):
 * minutes worked and paused, and the excess or shortfall against the expected minutes once the day is
 * settled — closed, or passed (before `hoy`) without records. An open day runs to `ahora` and has neither; a day
 * in `incompletos` left open counts up to its last record and has neither until a correction settles it.
 */
export function jornadasDelPeriodo(
  previstos: readonly { fecha: CalendarDate; minutos_previstos: number }[],
  filas: readonly FichajeRow[],
  ahora: Date,
  hoy: CalendarDate,
  incompletos: ReadonlySet<CalendarDate>,
): JornadaDelPeriodo[] {
  const porFecha = new Map<CalendarDate, FichajeRow[]>();
  for (const fila of filas) {
    const delDia = porFecha.get(fila.fecha);
    if (delDia) delDia.push(fila);
    else porFecha.set(fila.fecha, [fila]);
  }
  return previstos.map(({ fecha, minutos_previstos }) => {
    const fichajes = porFecha.get(fecha) ?? [];
    const { estado, minutos_trabajados, minutos_pausa } = resumirDia(fichajes, ahora, incompletos.has(fecha));
    const estadoJornada: EstadoJornada = fichajes.length === 0 ? 'sin_fichajes' : estado === 'incompleto' ? 'incompleto' : estado === 'fuera' ? 'completo' : 'abierto';
    const saldado = estadoJornada === 'completo' || (estadoJornada === 'sin_fichajes' && fecha < hoy);
    return {
      fecha,
      estado: estadoJornada,
      modalidad: fichajes[0]?.modalidad ?? null,
      fichajes,
      minutos_trabajados,
      minutos_pausa,
      minutos_previstos,
      minutos_exceso: saldado ? Math.max(0, minutos_trabajados - minutos_previstos) : 0,
      minutos_defecto: saldado ? Math.max(0, minutos_previstos - minutos_trabajados) : 0,
    };
  });
}

/** The period's sums. */
export function totales(jornadas: readonly Minutos[]): Minutos {
  const suma = (campo: keyof Minutos) => jornadas.reduce((total, jornada) => total + jornada[campo], 0);
  return {
    minutos_trabajados: suma('minutos_trabajados'),
    minutos_previstos: suma('minutos_previstos'),
    minutos_exceso: suma('minutos_exceso'),
    minutos_defecto: suma('minutos_defecto'),
  };
}
