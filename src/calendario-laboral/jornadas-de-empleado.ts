import { addDays, type CalendarDate } from '../common/calendar-date.js';
import type { PeriodoJornada, TramoJornada } from './jornada-vigente.js';
import { SEMANA_PREDETERMINADA } from './semana-laboral.js';

/** An assignment row as read: `horas` comes as numeric strings, `periodos` as parsed JSON. */
export interface AsignacionFila {
  desde: CalendarDate;
  horas: (string | number)[];
  periodos: { desde: string; hasta: string; horas: (string | number)[] }[];
}

const numeros = (horas: (string | number)[]): number[] => horas.map(Number);

/**
 * The schedules in force from `inicio` to `fin`, as consecutive stretches covering it: the default week
 * before the first assignment, then each assignment until the day before the next. `filas` are the
 * employee's assignments that matter (the one in force on `inicio` and later ones up to `fin`), by `desde`.
 */
export function tramosDeJornada(filas: readonly AsignacionFila[], inicio: CalendarDate, fin: CalendarDate): TramoJornada[] {
  const tramos: TramoJornada[] = [];
  const primera = filas[0];
  if (!primera || primera.desde > inicio) {
    const hasta = primera && primera.desde <= fin ? addDays(primera.desde, -1) : fin;
    tramos.push({ desde: inicio, hasta, horas: SEMANA_PREDETERMINADA, periodos: [] });
  }
  filas.forEach((fila, index) => {
    const siguiente = filas[index + 1];
    const desde = fila.desde > inicio ? fila.desde : inicio;
    const hasta = siguiente ? addDays(siguiente.desde, -1) : fin;
    const periodos: PeriodoJornada[] = fila.periodos.map((periodo) => ({ ...periodo, horas: numeros(periodo.horas) }));
    if (desde <= hasta) tramos.push({ desde, hasta: hasta < fin ? hasta : fin, horas: numeros(fila.horas), periodos });
  });
  return tramos;
}
