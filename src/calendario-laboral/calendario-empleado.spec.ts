import fc from 'fast-check';
import { fastestCallMs } from '../../test/support/relative-cost.js';
import { addDays, type CalendarDate, daysInRange } from '../common/calendar-date.js';
import { CalendarioEmpleado } from './calendario-empleado.js';
import type { Jornada, TramoJornada } from './jornada-vigente.js';
import type { Corte } from './medios-dias.js';
import { SEMANA_PREDETERMINADA } from './semana-laboral.js';

const SIN_CORTE: Corte = { medioDiaInicio: null, medioDiaFin: null, horaInicio: null, horaFin: null, horasSolicitadas: null };
const COMPLETA: Jornada = { horas: SEMANA_PREDETERMINADA, periodos: [] };
const CUATRO_DIAS: Jornada = { horas: [10, 10, 10, 10, 0, 0, 0], periodos: [] };
const LUNES_A_MIERCOLES: Jornada = { horas: [8, 8, 8, 0, 0, 0, 0], periodos: [] };
const CON_VERANO: Jornada = { horas: SEMANA_PREDETERMINADA, periodos: [{ desde: '07-01', hasta: '08-31', horas: [7, 7, 7, 7, 7, 0, 0] }] };

/** A calendar for `inicio`..`fin` with one schedule throughout. */
const siempre = (jornada: Jornada, inicio: CalendarDate, fin: CalendarDate, festivos: CalendarDate[] = []) =>
  new CalendarioEmpleado([{ ...jornada, desde: inicio, hasta: fin }], new Set(festivos));

/** The definition the count is computed from: every day of the range, one by one. */
const diaADia = (calendario: CalendarioEmpleado, inicio: CalendarDate, fin: CalendarDate) => {
  let dias = 0;
  for (let dia = inicio; dia <= fin; dia = addDays(dia, 1)) if (calendario.esLaborable(dia)) dias += 1;
  return dias;
};

describe('CalendarioEmpleado with the default week', () => {
  it('counts Monday to Friday and leaves out weekends and holidays, a weekend holiday only once', () => {
    expect(siempre(COMPLETA, '2026-11-23', '2026-11-29').diasLaborables('2026-11-23', '2026-11-27')).toBe(5);
    expect(siempre(COMPLETA, '2026-11-27', '2026-11-30').diasLaborables('2026-11-27', '2026-11-30')).toBe(2);
    expect(siempre(COMPLETA, '2026-12-07', '2026-12-13', ['2026-12-08', '2026-12-12']).diasLaborables('2026-12-07', '2026-12-11')).toBe(4);
  });

  it('agrees with counting day by day for every start in a fortnight and every length up to ten weeks', () => {
    const wrong: string[] = [];
    for (let first = 0; first < 14; first += 1) {
      const start = addDays('2026-12-21', first);
      for (let length = 0; length <= 70; length += 1) {
        const end = addDays(start, length - 1);
        const calendario = siempre(COMPLETA, start, addDays(start, 80), [addDays(start, 3), addDays(start, 9), addDays(end, 1)]);
        if (calendario.diasLaborables(start, end) !== diaADia(calendario, start, end)) wrong.push(`${start}..${end}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('costs the same for millennia as for a week: no loop over the days of the range', () => {
    const calendario = siempre(COMPLETA, '1900-01-01', '2999-12-31');
    expect(calendario.diasLaborables('1900-01-01', '2999-12-31')).toBe(286_977);
    const millennia = fastestCallMs(() => calendario.diasLaborables('1900-01-01', '2999-12-31'));
    const week = fastestCallMs(() => calendario.diasLaborables('2026-12-07', '2026-12-13'));
    expect(millennia / week).toBeLessThan(10);
  });
});

describe('CalendarioEmpleado with schedules', () => {
  it('charges a part-timer working Monday to Wednesday three days for a week off, and nothing for Thursday', () => {
    const calendario = siempre(LUNES_A_MIERCOLES, '2026-11-30', '2026-12-06');
    expect(calendario.cuenta(SIN_CORTE, '2026-11-30', '2026-12-06').dias).toBe(3);
    expect(calendario.diasLaborables('2026-12-03', '2026-12-03')).toBe(0);
    expect(calendario.horasDe('2026-12-02')).toBe(8);
  });

  it('counts four days a week for a four-day week, ten hours each', () => {
    const calendario = siempre(CUATRO_DIAS, '2026-11-30', '2026-12-13');
    expect(calendario.diasLaborables('2026-11-30', '2026-12-13')).toBe(8);
    expect(calendario.horasDe('2026-12-03')).toBe(10);
    expect(calendario.horasDe('2026-12-04')).toBe(0);
  });

  it('uses a summer period\'s hours within it and the week\'s outside, leaving a holiday out of both', () => {
    const calendario = siempre(CON_VERANO, '2027-06-28', '2027-07-09', ['2027-07-05']);
    expect(calendario.horasDe('2027-06-30')).toBe(8);
    expect(calendario.horasDe('2027-07-01')).toBe(7);
    expect(calendario.horasDe('2027-07-05')).toBe(0);
    expect(calendario.diasLaborables('2027-06-28', '2027-07-09')).toBe(9);
  });

  it('counts each day with the schedule in force on it when the schedule changes mid-range', () => {
    const tramos: TramoJornada[] = [
      { ...COMPLETA, desde: '2026-11-30', hasta: '2026-12-06' },
      { ...LUNES_A_MIERCOLES, desde: '2026-12-07', hasta: '2026-12-13' },
    ];
    expect(new CalendarioEmpleado(tramos, new Set()).diasLaborables('2026-11-30', '2026-12-13')).toBe(5 + 3);
  });

  it('splits a request across New Year by year, a half last day weighing half in its year', () => {
    const calendario = siempre(LUNES_A_MIERCOLES, '2030-12-23', '2031-01-08', ['2031-01-01']);
    const corte: Corte = { ...SIN_CORTE, medioDiaFin: 'manana' };
    expect(calendario.cuenta(corte, '2030-12-30', '2031-01-08')).toEqual({
      diasHabiles: 2 + 3, // Mon–Tue 30–31 Dec; Wed 1 Jan is a holiday; Mon–Wed 6–8 Jan
      dias: 4.5,
      porAnio: [
        { anio: 2030, dias: 2 },
        { anio: 2031, dias: 2.5 },
      ],
    });
  });

  it('ends a period to 02-29 on 02-28 in common years and starts one from 02-29 on 03-01', () => {
    const hasta: Jornada = { horas: SEMANA_PREDETERMINADA, periodos: [{ desde: '02-01', hasta: '02-29', horas: [0, 0, 0, 0, 0, 0, 4] }] };
    const desde: Jornada = { horas: SEMANA_PREDETERMINADA, periodos: [{ desde: '02-29', hasta: '03-31', horas: [0, 0, 0, 0, 0, 0, 4] }] };
    expect(siempre(hasta, '2027-02-01', '2027-03-07').diasLaborables('2027-02-01', '2027-03-07')).toBe(4 + 5);
    expect(siempre(desde, '2027-02-22', '2027-03-07').diasLaborables('2027-02-22', '2027-03-07')).toBe(5 + 1);
    expect(siempre(desde, '2028-02-21', '2028-03-05').diasLaborables('2028-02-21', '2028-03-05')).toBe(5 + 1 + 1);
  });

  const horas = fc.array(fc.constantFrom(0, 0, 4, 7.5, 8), { minLength: 7, maxLength: 7 });
  const mesDia = fc.integer({ min: 0, max: 365 }).map((offset) => addDays('2028-01-01', offset).slice(5));
  const periodos = fc.uniqueArray(fc.tuple(mesDia, mesDia, horas), { maxLength: 3 }).map((lista) =>
    lista.map(([a, b, h]) => ({ desde: a < b ? a : b, hasta: a < b ? b : a, horas: h })),
  );
  const jornada = fc.record({ horas, periodos });

  it('agrees with counting day by day for random schedules, periods, changes and holidays', () => {
    const caso = fc.integer({ min: 0, max: daysInRange('2025-01-01', '2031-12-31') }).chain((primero) => {
      const inicio = addDays('2025-01-01', primero);
      return fc.record({
        inicio: fc.constant(inicio),
        largo: fc.integer({ min: 1, max: 366 }),
        cambios: fc.uniqueArray(fc.integer({ min: 1, max: 365 }), { maxLength: 3 }),
        jornadas: fc.array(jornada, { minLength: 4, maxLength: 4 }),
        festivos: fc.uniqueArray(fc.integer({ min: -3, max: 370 }).map((offset) => addDays(inicio, offset)), { maxLength: 20 }),
      });
    });
    fc.assert(
      fc.property(caso, ({ inicio, largo, cambios, jornadas, festivos }) => {
        const fin = addDays(inicio, largo - 1);
        const cortes = [...cambios].sort((a, b) => a - b).filter((dia) => dia < largo);
        const desdes = [0, ...cortes];
        const tramos = desdes.map((dia, index) => ({
          ...jornadas[index]!,
          desde: addDays(inicio, dia),
          hasta: index + 1 < desdes.length ? addDays(inicio, desdes[index + 1]! - 1) : fin,
        }));
        const calendario = new CalendarioEmpleado(tramos, new Set(festivos));
        expect(calendario.diasLaborables(inicio, fin)).toBe(diaADia(calendario, inicio, fin));
      }),
      { numRuns: 1_500, seed: 20_261_125 },
    );
  });

  it('refuses to answer for a day outside the dates it was loaded for', () => {
    expect(() => siempre(COMPLETA, '2026-12-01', '2026-12-31').horasDe('2027-01-04')).toThrow(RangeError);
  });
});
