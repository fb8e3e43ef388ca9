import { type CalendarDate, daysInRange } from '../common/calendar-date.js';
import { CalendarioEmpleado } from './calendario-empleado.js';
import type { TramoJornada } from './jornada-vigente.js';
import { diasLaborablesPorSemana, SEMANA_PREDETERMINADA } from './semana-laboral.js';

/** How a prorated allocation is rounded, for the OpenAPI description and the CLI usage. */
export const REDONDEO_PRORRATEO = 'rounded to the nearest half day, a quarter rounding up (13.2 → 13, 13.25 → 13.5, 13.74 → 13.5, 13.75 → 14)';

/** What a year's allocation is prorated over: the schedules in force during the year and the employment dates. */
export interface Prorrateo {
  /** The full-time, full-year entitlement: up to two decimals. */
  dias: number;
  anio: number;
  /** The employee's schedules covering the whole of `anio` (tramosDeJornada from 1 January to 31 December). */
  jornadas: readonly TramoJornada[];
  fechaAlta: CalendarDate | null;
  fechaBaja: CalendarDate | null;
}

const DIAS_SEMANA_COMPLETA = diasLaborablesPorSemana(SEMANA_PREDETERMINADA);

/**
 * `dias` scaled to the part of `anio` the employee is employed (from `fechaAlta` to `fechaBaja`, each
 * inclusive) and to their working days a week relative to the default five: each employed day weighs its
 * schedule's working days a week (a period's within it) over five, and the year is its 365 or 366 days.
 * Rounded as REDONDEO_PRORRATEO says. Null when the employee is not employed on any day of `anio`.
 * Exact: the figures are whole hundredths of a day and whole days, so no float drift reaches the rounding;
 * the work grows with the schedules of the year and their periods, never with the days.
 */
export function diasProrrateados({ dias, anio, jornadas, fechaAlta, fechaBaja }: Prorrateo): number | null {
  const primero = `${anio}-01-01`;
  const ultimo = `${anio}-12-31`;
  const desde = fechaAlta !== null && fechaAlta > primero ? fechaAlta : primero;
  const hasta = fechaBaja !== null && fechaBaja < ultimo ? fechaBaja : ultimo;
  if (desde > hasta) return null;
  const ponderados = new CalendarioEmpleado(jornadas, new Set()).diasPorSemanaAcumulados(desde, hasta);
  // Half days: 2 × dias × ponderados / (5 × the year's days), rounded half up as ⌊(2n + d) / 2d⌋ of whole numbers.
  const numerador = 2 * Math.round(dias * 100) * ponderados;
  const denominador = 100 * DIAS_SEMANA_COMPLETA * daysInRange(primero, ultimo);
  return Math.floor((2 * numerador + denominador) / (2 * denominador)) / 2;
}
