import { addDays, type CalendarDate, daysInRange } from '../common/calendar-date.js';
import type { Jornada, TramoJornada } from './jornada-vigente.js';
import { type Corte, diasConCorte, mediosDiasDe } from './medios-dias.js';
import { contarDiasConHoras, diaSemana, diasLaborablesPorSemana, type HorasSemana } from './semana-laboral.js';

/** Working days of a request that fall in one calendar year. */
export interface DiasAnio {
  anio: number;
  dias: number;
}

/** What a request from `inicio` to `fin` costs an employee. */
export interface Cuenta {
  /** Whole working days in the range, before halves. */
  diasHabiles: number;
  /** The days it counts: whole days less halves; 0 for a permission by hours. */
  dias: number;
  /** `dias` per calendar year, oldest first (years with nothing left out). */
  porAnio: DiasAnio[];
}

/** A stretch of days with one week of hours throughout. */
interface Tramo {
  desde: CalendarDate;
  hasta: CalendarDate;
  horas: HorasSemana;
}

const anioDe = (date: CalendarDate): number => Number(date.slice(0, 4));

/**
 * One employee's working calendar between two dates: the schedules in force (a history, each from its
 * `desde`) and their holidays. It answers which days they work, for how many hours, and what a request
 * costs. Counting is arithmetic per stretch of one week of hours, so it never walks the range: a range
 * splits at most at each schedule change and each period start and end of its (at most two) years.
 */
export class CalendarioEmpleado {
  private readonly jornadas: readonly TramoJornada[];

  /** Should two periods of a schedule overlap (its rules keep them apart), the one starting first wins. */
  constructor(
    jornadas: readonly TramoJornada[],
    private readonly festivos: ReadonlySet<CalendarDate>,
  ) {
    this.jornadas = jornadas.map((jornada) => ({ ...jornada, periodos: [...jornada.periodos].sort((a, b) => (a.desde < b.desde ? -1 : a.desde > b.desde ? 1 : 0)) }));
  }

  /** Scheduled hours on `fecha`, 0 on a holiday. `fecha` lies within the dates this calendar was loaded for. */
  horasDe(fecha: CalendarDate): number {
    return this.festivos.has(fecha) ? 0 : this.horasProgramadas(fecha);
  }

  esLaborable(fecha: CalendarDate): boolean {
    return this.horasDe(fecha) > 0;
  }

  /** Days from `inicio` to `fin` with scheduled hours that are not holidays. */
  diasLaborables(inicio: CalendarDate, fin: CalendarDate): number {
    let total = 0;
    for (const tramo of this.tramos(inicio, fin)) total += contarDiasConHoras(tramo.desde, tramo.hasta, tramo.horas);
    for (const festivo of this.festivos) {
      if (festivo >= inicio && festivo <= fin && this.horasProgramadas(festivo) > 0) total -= 1;
    }
    return total;
  }

  /**
   * The sum, over the days from `inicio` to `fin`, of how many days a week the week in force on each
   * works (a period's week within the period); holidays play no part. Per stretch, like the count.
   */
  diasPorSemanaAcumulados(inicio: CalendarDate, fin: CalendarDate): number {
    let total = 0;
    for (const tramo of this.tramos(inicio, fin)) total += daysInRange(tramo.desde, tramo.hasta) * diasLaborablesPorSemana(tramo.horas);
    return total;
  }

  /** What a request with this cut costs: whole days, halves taken off their years, nothing for hours. */
  cuenta(corte: Corte, inicio: CalendarDate, fin: CalendarDate): Cuenta {
    const diasHabiles = this.diasLaborables(inicio, fin);
    const esLaborable = (fecha: CalendarDate) => this.esLaborable(fecha);
    const dias = diasConCorte(diasHabiles, corte, esLaborable, inicio, fin);
    if (corte.horaInicio !== null) return { diasHabiles, dias, porAnio: [] };
    const medios = mediosDiasDe(corte, esLaborable, inicio, fin);
    const porAnio: DiasAnio[] = [];
    for (let anio = anioDe(inicio); anio <= anioDe(fin); anio += 1) {
      const desde = anio === anioDe(inicio) ? inicio : `${anio}-01-01`;
      const hasta = anio === anioDe(fin) ? fin : `${anio}-12-31`;
      const enteros = this.diasLaborables(desde, hasta);
      const dia = enteros - 0.5 * medios.filter((fecha) => anioDe(fecha) === anio).length;
      if (enteros > 0) porAnio.push({ anio, dias: dia });
    }
    return { diasHabiles, dias, porAnio };
  }

  /** The ordinary week (outside its periods) of the schedule in force on `fecha`: what a contract's weekly hours are. */
  semanaOrdinariaEn(fecha: CalendarDate): HorasSemana {
    return this.jornadaEn(fecha).horas;
  }

  private horasProgramadas(fecha: CalendarDate): number {
    return semanaEn(this.jornadaEn(fecha), fecha)[diaSemana(fecha)]!;
  }

  private jornadaEn(fecha: CalendarDate): TramoJornada {
    const jornada = this.jornadas.find((tramo) => tramo.desde <= fecha && fecha <= tramo.hasta);
    if (!jornada) throw new RangeError(`${fecha} is outside the dates this calendar was loaded for`);
    return jornada;
  }

  /** The range cut into stretches of one week of hours: by schedule, then by each schedule's periods. */
  private *tramos(inicio: CalendarDate, fin: CalendarDate): Generator<Tramo> {
    for (const jornada of this.jornadas) {
      const desde = jornada.desde > inicio ? jornada.desde : inicio;
      const hasta = jornada.hasta < fin ? jornada.hasta : fin;
      if (desde <= hasta) yield* tramosConPeriodos(jornada, desde, hasta);
    }
  }
}

/** The week in force on `fecha`: the first period's covering its month-day (string order is date order), else the schedule's. */
function semanaEn(jornada: Jornada, fecha: CalendarDate): HorasSemana {
  const mesDia = fecha.slice(5);
  return jornada.periodos.find((periodo) => periodo.desde <= mesDia && mesDia <= periodo.hasta)?.horas ?? jornada.horas;
}

/**
 * Cuts `desde`..`hasta` (inside one schedule's time) at its periods, sorted by start, year by year: the
 * work grows with the years covered only for a schedule with periods (callers' ranges span at most two).
 */
function* tramosConPeriodos(jornada: Jornada, desde: CalendarDate, hasta: CalendarDate): Generator<Tramo> {
  if (jornada.periodos.length === 0) {
    yield { desde, hasta, horas: jornada.horas };
    return;
  }
  let cursor = desde;
  for (let anio = anioDe(desde); anio <= anioDe(hasta); anio += 1) {
    for (const periodo of jornada.periodos) {
      const inicioPeriodo = maximo(primerDiaDesde(anio, periodo.desde), cursor);
      const finPeriodo = minimo(ultimoDiaHasta(anio, periodo.hasta), hasta);
      if (inicioPeriodo > finPeriodo) continue;
      if (cursor < inicioPeriodo) yield { desde: cursor, hasta: addDays(inicioPeriodo, -1), horas: jornada.horas };
      yield { desde: inicioPeriodo, hasta: finPeriodo, horas: periodo.horas };
      cursor = addDays(finPeriodo, 1);
    }
  }
  if (cursor <= hasta) yield { desde: cursor, hasta, horas: jornada.horas };
}

const esBisiesto = (anio: number): boolean => new Date(Date.UTC(anio, 1, 29)).getUTCMonth() === 1;

/** `anio-mesDia`, or the first real day after it (a period from 02-29 starts on 03-01 in a common year). */
function primerDiaDesde(anio: number, mesDia: string): CalendarDate {
  return mesDia === '02-29' && !esBisiesto(anio) ? `${anio}-03-01` : `${anio}-${mesDia}`;
}

/** `anio-mesDia`, or the last real day before it (a period to 02-29 ends on 02-28 in a common year). */
function ultimoDiaHasta(anio: number, mesDia: string): CalendarDate {
  return mesDia === '02-29' && !esBisiesto(anio) ? `${anio}-02-28` : `${anio}-${mesDia}`;
}

const maximo = (a: CalendarDate, b: CalendarDate) => (a > b ? a : b);
const minimo = (a: CalendarDate, b: CalendarDate) => (a < b ? a : b);
