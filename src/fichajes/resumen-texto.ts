import { fechaEnFrase } from '../common/calendar-date.js';
import { formatZonedDateTime } from '../common/zoned-date-time.js';
import { type DiaResumen, horasYMinutos, type ResumenMensual } from './resumen.js';

/** What the CSV and the PDF write for each day and the totals: the same words in both. */

/** Keyed by text: a state added to ESTADOS_JORNADA later shows as itself until named here. */
export const ESTADOS_EN_TEXTO: Readonly<Record<string, string>> = {
  sin_fichajes: 'Sin fichajes',
  abierto: 'Abierta',
  completo: 'Completa',
  incompleto: 'Incompleta',
  corregido: 'Corregida',
};

export const COLUMNAS_DIA = ['Fecha', 'Estado', 'Modalidad', 'Entrada', 'Salida', 'Trabajado', 'Pausas', 'Previsto', 'Exceso', 'Defecto'] as const;

/** `HH:MM` of an instant on the wall clock of the employee's centre; empty without one. */
export function horaLocal(instante: Date | null, zonaHoraria: string): string {
  return instante ? formatZonedDateTime(instante, zonaHoraria).slice(11, 16) : '';
}

/** A day as COLUMNAS_DIA, durations as `H:MM`. */
export function celdasDelDia(dia: DiaResumen, zonaHoraria: string): string[] {
  return [
    fechaEnFrase(dia.fecha),
    ESTADOS_EN_TEXTO[dia.estado] ?? dia.estado,
    dia.modalidad === 'teletrabajo' ? 'Teletrabajo' : dia.modalidad === 'presencial' ? 'Presencial' : '',
    horaLocal(dia.entrada, zonaHoraria),
    horaLocal(dia.salida, zonaHoraria),
    horasYMinutos(dia.minutos_trabajados),
    horasYMinutos(dia.minutos_pausa),
    horasYMinutos(dia.minutos_previstos),
    horasYMinutos(dia.minutos_exceso),
    horasYMinutos(dia.minutos_defecto),
  ];
}

/** The totals row, under COLUMNAS_DIA. */
export function celdasDeTotales({ totales }: ResumenMensual): string[] {
  const exceso = totales.minutos_extraordinarios + totales.minutos_complementarios;
  return ['Total', '', '', '', '', ...[totales.minutos_trabajados, totales.minutos_pausa, totales.minutos_previstos, exceso, totales.minutos_defecto].map(horasYMinutos)];
}

/** The month's figures as label and value, beyond the totals row: how the hours split, and the days. */
export function cifrasDelMes({ tiempo_parcial, totales }: ResumenMensual): [string, string][] {
  return [
    ['Horas ordinarias', horasYMinutos(totales.minutos_ordinarios)],
    tiempo_parcial
      ? ['Horas complementarias', horasYMinutos(totales.minutos_complementarios)]
      : ['Horas extraordinarias', horasYMinutos(totales.minutos_extraordinarios)],
    ['Días trabajados', String(totales.dias_trabajados)],
    ['Días presenciales', String(totales.dias_presencial)],
    ['Días de teletrabajo', String(totales.dias_teletrabajo)],
    ['Días incompletos', String(totales.dias_incompletos)],
  ];
}

export const NOTA_TIEMPO_PARCIAL =
  'Contrato a tiempo parcial: las horas se registran día a día y se totalizan mensualmente (art. 12.4.c ET); las horas por encima de la jornada son complementarias.';

export const NOTA_REGISTRO = 'Registro diario de jornada conforme al art. 34.9 del Estatuto de los Trabajadores.';

export function nombreDeArchivo(resumen: ResumenMensual, extension: 'csv' | 'pdf'): string {
  return `registro-jornada-${resumen.id_empleado}-${resumen.mes}.${extension}`;
}
