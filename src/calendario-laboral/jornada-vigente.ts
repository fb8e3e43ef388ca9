import type { CalendarDate } from '../common/calendar-date.js';
import type { HorasSemana } from './semana-laboral.js';

/** A part of the year (`MM-DD` to `MM-DD`, within one year) with its own hours: a summer "jornada intensiva". */
export interface PeriodoJornada {
  desde: string;
  hasta: string;
  horas: HorasSemana;
}

/** A schedule as counting needs it: its week and its periods. */
export interface Jornada {
  horas: HorasSemana;
  periodos: readonly PeriodoJornada[];
}

/** A schedule in force from `desde` (inclusive) to `hasta` (inclusive) in an employee's history. */
export interface TramoJornada extends Jornada {
  desde: CalendarDate;
  hasta: CalendarDate;
}
