import { fastestCallMs } from '../../test/support/relative-cost.js';
import type { CalendarDate } from '../common/calendar-date.js';
import type { Jornada, TramoJornada } from './jornada-vigente.js';
import { diasProrrateados, type Prorrateo } from './prorrateo.js';
import { SEMANA_PREDETERMINADA } from './semana-laboral.js';

const COMPLETA: Jornada = { horas: SEMANA_PREDETERMINADA, periodos: [] };
const LUNES_A_MIERCOLES: Jornada = { horas: [8, 8, 8, 0, 0, 0, 0], periodos: [] };
const CUATRO_DIAS: Jornada = { horas: [10, 10, 10, 10, 0, 0, 0], periodos: [] };
const SEIS_DIAS: Jornada = { horas: [7, 7, 7, 7, 7, 5, 0], periodos: [] };

/** One schedule for the whole of `anio`. */
const todoElAnio = (jornada: Jornada, anio: number): TramoJornada[] => [{ ...jornada, desde: `${anio}-01-01`, hasta: `${anio}-12-31` }];

const prorratear = (dias: number, anio: number, jornadas: TramoJornada[], fechaAlta: CalendarDate | null = null, fechaBaja: CalendarDate | null = null) =>
  diasProrrateados({ dias, anio, jornadas, fechaAlta, fechaBaja } satisfies Prorrateo);

describe('diasProrrateados', () => {
  it('leaves a full-time, full-year allocation as it is, in a common and a leap year', () => {
    expect(prorratear(22, 2027, todoElAnio(COMPLETA, 2027))).toBe(22);
    expect(prorratear(22.5, 2028, todoElAnio(COMPLETA, 2028))).toBe(22.5);
  });

  it('gives a part-timer working Monday to Wednesday three fifths, rounded to the half day', () => {
    expect(prorratear(22, 2027, todoElAnio(LUNES_A_MIERCOLES, 2027))).toBe(13); // 13.2
    expect(prorratear(30, 2027, todoElAnio(LUNES_A_MIERCOLES, 2027))).toBe(18);
  });

  it('gives a four-day week four fifths, and a six-day week six fifths', () => {
    expect(prorratear(22, 2027, todoElAnio(CUATRO_DIAS, 2027))).toBe(17.5); // 17.6
    expect(prorratear(22, 2027, todoElAnio(SEIS_DIAS, 2027))).toBe(26.5); // 26.4
  });

  it('weighs each schedule of the year by the days it is in force when the schedule changes mid-year', () => {
    const jornadas: TramoJornada[] = [
      { ...COMPLETA, desde: '2027-01-01', hasta: '2027-06-30' },
      { ...LUNES_A_MIERCOLES, desde: '2027-07-01', hasta: '2027-12-31' },
    ];
    // (181 days × 5 + 184 days × 3) / (365 × 5) of 22 = 17.56
    expect(prorratear(22, 2027, jornadas)).toBe(17.5);
  });

  it("counts a period's own working days a week within it, and a summer period with shorter days as the week", () => {
    const veranoCuatroDias: Jornada = { horas: SEMANA_PREDETERMINADA, periodos: [{ desde: '07-01', hasta: '08-31', horas: [8, 8, 8, 8, 0, 0, 0] }] };
    const intensiva: Jornada = { horas: SEMANA_PREDETERMINADA, periodos: [{ desde: '07-01', hasta: '08-31', horas: [7, 7, 7, 7, 7, 0, 0] }] };
    // (303 × 5 + 62 × 4) / (365 × 5) of 22 = 21.25…
    expect(prorratear(22, 2027, todoElAnio(veranoCuatroDias, 2027))).toBe(21.5);
    expect(prorratear(22, 2027, todoElAnio(intensiva, 2027))).toBe(22);
  });

  it('counts from fecha_alta when the employee joins mid-year', () => {
    expect(prorratear(22, 2027, todoElAnio(COMPLETA, 2027), '2027-07-01')).toBe(11); // 184 / 365 of 22 = 11.09
    expect(prorratear(22, 2027, todoElAnio(COMPLETA, 2027), '2020-03-01')).toBe(22);
  });

  it('counts up to fecha_baja, that day included, when the employee leaves during the year', () => {
    expect(prorratear(22, 2027, todoElAnio(COMPLETA, 2027), null, '2027-03-31')).toBe(5.5); // 90 / 365 of 22 = 5.42
    expect(prorratear(22, 2027, todoElAnio(COMPLETA, 2027), null, '2031-01-01')).toBe(22);
  });

  it('counts between fecha_alta and fecha_baja with the schedule in force there', () => {
    expect(prorratear(22, 2027, todoElAnio(COMPLETA, 2027), '2027-04-01', '2027-09-30')).toBe(11); // 183 / 365 of 22 = 11.03
    expect(prorratear(22, 2027, todoElAnio(LUNES_A_MIERCOLES, 2027), '2027-04-01', '2027-09-30')).toBe(6.5); // 6.62
    const jornadas: TramoJornada[] = [
      { ...LUNES_A_MIERCOLES, desde: '2027-01-01', hasta: '2027-03-31' },
      { ...COMPLETA, desde: '2027-04-01', hasta: '2027-12-31' },
    ];
    // Only the full-time stretch is employed: the part-time months before fecha_alta weigh nothing.
    expect(prorratear(22, 2027, jornadas, '2027-04-01', '2027-09-30')).toBe(11);
    expect(prorratear(22, 2027, todoElAnio(COMPLETA, 2027), '2027-05-05', '2027-05-05')).toBe(0); // one day: 0.06
  });

  it('divides by the 366 days of a leap year, 29 February counting as a day employed', () => {
    expect(prorratear(20, 2027, todoElAnio(COMPLETA, 2027), '2027-03-01')).toBe(17); // 306 / 365 of 20 = 16.77
    expect(prorratear(20, 2028, todoElAnio(COMPLETA, 2028), '2028-03-01')).toBe(16.5); // 306 / 366 of 20 = 16.72
    expect(prorratear(36.6, 2028, todoElAnio(COMPLETA, 2028), null, '2028-02-29')).toBe(6); // 60 / 366 of 36.6 = 6
  });

  it.each([
    [13.2, 13],
    [13.24, 13],
    [13.25, 13.5],
    [13.74, 13.5],
    [13.75, 14],
    [0.24, 0],
    [0.25, 0.5],
    [0, 0],
  ])('rounds %p days to the nearest half day, a quarter rounding up: %p', (dias, redondeado) => {
    expect(prorratear(dias, 2027, todoElAnio(COMPLETA, 2027), null, null)).toBe(redondeado);
  });

  it('rounds an exact quarter up where floating point would land just below it', () => {
    // 90 / 366 of 3.05 is 0.75 exactly; 3.05 * 90 / 366 in floating point is 0.7499999999999999.
    expect(prorratear(3.05, 2028, todoElAnio(COMPLETA, 2028), null, '2028-03-30')).toBe(1);
    // 7 / 5 of 11.25 is 15.75 exactly; in floating point 15.749999999999998.
    expect(prorratear(11.25, 2027, todoElAnio({ horas: [1, 1, 1, 1, 1, 1, 1], periodos: [] }, 2027))).toBe(16);
  });

  it('answers null for an employee not employed on any day of the year', () => {
    expect(prorratear(22, 2027, todoElAnio(COMPLETA, 2027), '2028-01-01')).toBeNull();
    expect(prorratear(22, 2027, todoElAnio(COMPLETA, 2027), null, '2026-12-31')).toBeNull();
    expect(prorratear(22, 2027, todoElAnio(COMPLETA, 2027), '2026-01-01', '2026-12-31')).toBeNull();
  });

  it('costs the same for a year employed as for one day: no loop over the days', () => {
    const jornadas = todoElAnio(COMPLETA, 2027);
    const year = fastestCallMs(() => prorratear(22, 2027, jornadas));
    const day = fastestCallMs(() => prorratear(22, 2027, jornadas, '2027-12-31'));
    expect(year / day).toBeLessThan(5);
  });
});
