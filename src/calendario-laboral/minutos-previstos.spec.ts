import { CalendarioEmpleado } from './calendario-empleado.js';
import type { Jornada } from './jornada-vigente.js';
import { type AusenciaAprobada, minutosPrevistos } from './minutos-previstos.js';
import { SEMANA_PREDETERMINADA } from './semana-laboral.js';

const COMPLETA: Jornada = { horas: SEMANA_PREDETERMINADA, periodos: [] };
const LUNES_A_MIERCOLES: Jornada = { horas: [6, 6, 6, 0, 0, 0, 0], periodos: [] };
const CON_VERANO: Jornada = { horas: SEMANA_PREDETERMINADA, periodos: [{ desde: '07-01', hasta: '08-31', horas: [7, 7, 7, 7, 7, 0, 0] }] };
const SIETE_Y_MEDIA: Jornada = { horas: [7.5, 7.5, 7.5, 7.5, 7.5, 0, 0], periodos: [] };

/** A calendar for the whole of 2026–2027 with one schedule throughout. */
const calendario = (jornada: Jornada, festivos: string[] = []) => new CalendarioEmpleado([{ ...jornada, desde: '2026-01-01', hasta: '2027-12-31' }], new Set(festivos));

const ausencia = (fecha_inicio: string, fecha_fin: string, corte: Partial<AusenciaAprobada> = {}): AusenciaAprobada => ({
  fecha_inicio,
  fecha_fin,
  medio_dia_inicio: null,
  medio_dia_fin: null,
  hora_inicio: null,
  hora_fin: null,
  ...corte,
});

/** The minutes of each day, in order. */
const minutos = (jornada: Jornada, desde: string, hasta: string, ausencias: AusenciaAprobada[] = [], festivos: string[] = []) =>
  minutosPrevistos(calendario(jornada, festivos), ausencias, desde, hasta).map((dia) => dia.minutos_previstos);

// 2026-11-23 is a Monday.
describe('minutosPrevistos', () => {
  it('a full-time week expects 480 minutes Monday to Friday and none at the weekend, dated day by day', () => {
    expect(minutosPrevistos(calendario(COMPLETA), [], '2026-11-23', '2026-11-29')).toEqual([
      { fecha: '2026-11-23', minutos_previstos: 480 },
      { fecha: '2026-11-24', minutos_previstos: 480 },
      { fecha: '2026-11-25', minutos_previstos: 480 },
      { fecha: '2026-11-26', minutos_previstos: 480 },
      { fecha: '2026-11-27', minutos_previstos: 480 },
      { fecha: '2026-11-28', minutos_previstos: 0 },
      { fecha: '2026-11-29', minutos_previstos: 0 },
    ]);
  });

  it('a part-timer working Monday to Wednesday is expected on those days only', () => {
    expect(minutos(LUNES_A_MIERCOLES, '2026-11-23', '2026-11-29')).toEqual([360, 360, 360, 0, 0, 0, 0]);
  });

  it("a summer period's 7 hours apply inside it and 8 outside", () => {
    expect(minutos(CON_VERANO, '2026-06-29', '2026-07-03')).toEqual([480, 480, 420, 420, 420]);
  });

  it('a holiday expects nothing', () => {
    expect(minutos(COMPLETA, '2026-12-07', '2026-12-09', [], ['2026-12-08'])).toEqual([480, 0, 480]);
  });

  it('a half-day vacation halves its day, morning or afternoon; a 7.5-hour day keeps 225 minutes, a 7.25-hour day 217 (the odd minute is the worker\'s)', () => {
    const manana = ausencia('2026-11-24', '2026-11-24', { medio_dia_inicio: 'manana', medio_dia_fin: 'manana' });
    const tarde = ausencia('2026-11-26', '2026-11-26', { medio_dia_inicio: 'tarde', medio_dia_fin: 'tarde' });
    expect(minutos(COMPLETA, '2026-11-23', '2026-11-27', [manana, tarde])).toEqual([480, 240, 480, 240, 480]);
    expect(minutos(SIETE_Y_MEDIA, '2026-11-23', '2026-11-27', [manana])).toEqual([450, 225, 450, 450, 450]);
    const sieteYCuarto: Jornada = { horas: [7.25, 7.25, 7.25, 7.25, 7.25, 0, 0], periodos: [] };
    expect(minutos(sieteYCuarto, '2026-11-24', '2026-11-24', [manana])).toEqual([217]);
  });

  it('a morning-to-afternoon day is a whole day; a longer request halves only its afternoon start and its morning end', () => {
    const entero = ausencia('2026-11-23', '2026-11-23', { medio_dia_inicio: 'manana', medio_dia_fin: 'tarde' });
    const largo = ausencia('2026-11-24', '2026-11-26', { medio_dia_inicio: 'tarde', medio_dia_fin: 'manana' });
    expect(minutos(COMPLETA, '2026-11-23', '2026-11-27', [entero, largo])).toEqual([0, 240, 0, 240, 480]);
  });

  it('a two-week vacation expects nothing on any of its days, and the range cuts it', () => {
    const dosSemanas = ausencia('2026-11-16', '2026-11-29');
    expect(minutos(COMPLETA, '2026-11-26', '2026-12-01', [dosSemanas])).toEqual([0, 0, 0, 0, 480, 480]);
  });

  it('an hourly permission of 2 hours on an 8-hour day leaves 360 minutes, of that day only', () => {
    const dosHoras = ausencia('2026-11-24', '2026-11-24', { hora_inicio: '09:00', hora_fin: '11:00' });
    expect(minutos(COMPLETA, '2026-11-23', '2026-11-25', [dosHoras])).toEqual([480, 360, 480]);
  });

  it('a permission longer than the day leaves 0, never less', () => {
    const largo = ausencia('2026-11-23', '2026-11-23', { hora_inicio: '08:00', hora_fin: '17:00' });
    expect(minutos(LUNES_A_MIERCOLES, '2026-11-23', '2026-11-23', [largo])).toEqual([0]);
  });

  it('reductions on one day add up: a morning off and an afternoon permission leave 120 minutes', () => {
    const manana = ausencia('2026-11-23', '2026-11-23', { medio_dia_inicio: 'manana', medio_dia_fin: 'manana' });
    const permiso = ausencia('2026-11-23', '2026-11-23', { hora_inicio: '15:00', hora_fin: '17:00' });
    expect(minutos(COMPLETA, '2026-11-23', '2026-11-23', [manana, permiso])).toEqual([120]);
  });

  it('answers a leap year of 366 days and refuses 367', () => {
    const anio = minutosPrevistos(calendario(COMPLETA), [], '2027-01-01', '2027-12-31');
    expect(anio).toHaveLength(365);
    const bisiesto = new CalendarioEmpleado([{ ...COMPLETA, desde: '2028-01-01', hasta: '2028-12-31' }], new Set());
    expect(minutosPrevistos(bisiesto, [], '2028-01-01', '2028-12-31')).toHaveLength(366);
    expect(() => minutosPrevistos(calendario(COMPLETA), [], '2026-01-01', '2027-01-02')).toThrow(RangeError);
  });
});
