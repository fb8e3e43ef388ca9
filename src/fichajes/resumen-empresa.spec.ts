import { CalendarioEmpleado } from '../calendario-laboral/calendario-empleado.js';
import type { TipoFichaje } from './fichaje-fields.js';
import type { FichajeRow } from './fichajes.repository.js';
import { filaDeEmpleado, type MesDeEmpleado, nuevoCodigo, SumaResumenEmpresa } from './resumen-empresa.js';

let id = 0;
const fila = (fecha: string, tipo: TipoFichaje, hora: string): FichajeRow => {
  id += 1;
  return {
    id_fichaje: String(id), id_empleado: 1, tipo, modalidad: 'presencial', instante: new Date(`${fecha}T${hora}:00Z`), fecha,
    origen: 'empleado', id_solicitud: null, sustituye: null, hash: Buffer.alloc(32), hash_anterior: null,
  };
};

/** 2026-03-02 is a Monday: a week of five working days, then the weekend. */
const SEMANA = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08'];
const calendario = (horas: number[]) => new CalendarioEmpleado([{ desde: SEMANA[0]!, hasta: SEMANA.at(-1)!, horas, periodos: [] }], new Set());
const mes = (horas: number[], overrides: Partial<MesDeEmpleado> = {}): MesDeEmpleado => ({
  codigo: 'R-AAAAAAAA',
  fecha_alta: null,
  fecha_baja: null,
  calendario: calendario(horas),
  previstos: SEMANA.map((fecha) => ({ fecha, minutos_previstos: calendario(horas).horasDe(fecha) * 60 })),
  fichajes: [fila('2026-03-02', 'entrada', '08:00'), fila('2026-03-02', 'salida', '17:00'), fila('2026-03-03', 'entrada', '08:00')],
  incompletos: new Set(['2026-03-03']),
  ahora: new Date('2026-03-20T12:00:00Z'),
  hoy: '2026-03-20',
  ...overrides,
});

describe('filaDeEmpleado', () => {
  it("a full-timer's week: an hour of overtime, a day left incompleto, three days short", () => {
    expect(filaDeEmpleado(mes([8, 8, 8, 8, 8, 0, 0]), 40)).toEqual({
      codigo: 'R-AAAAAAAA',
      tiempo_parcial: false,
      minutos_trabajados: 540,
      minutos_previstos: 5 * 480,
      minutos_ordinarios: 480,
      minutos_extraordinarios: 60,
      minutos_complementarios: 0,
      minutos_defecto: 3 * 480,
      dias_trabajados: 2,
      dias_incompletos: 1,
    });
  });

  it("a part-timer's minutes beyond the day's schedule are complementary", () => {
    expect(filaDeEmpleado(mes([4, 4, 4, 4, 4, 0, 0]), 40)).toMatchObject({ tiempo_parcial: true, minutos_ordinarios: 240, minutos_extraordinarios: 0, minutos_complementarios: 300 });
  });

  it('counts only the days employed: from fecha_alta, up to fecha_baja', () => {
    expect(filaDeEmpleado(mes([8, 8, 8, 8, 8, 0, 0], { fecha_alta: '2026-03-03', fecha_baja: '2026-03-04' }), 40)).toMatchObject({
      minutos_trabajados: 0,
      minutos_previstos: 2 * 480,
      minutos_defecto: 480,
      dias_trabajados: 1,
      dias_incompletos: 1,
    });
  });
});

describe('SumaResumenEmpresa', () => {
  it('adds the rows, counts the employees and the part-timers', () => {
    const suma = new SumaResumenEmpresa();
    suma.anadir(filaDeEmpleado(mes([8, 8, 8, 8, 8, 0, 0]), 40));
    suma.anadir(filaDeEmpleado(mes([4, 4, 4, 4, 4, 0, 0]), 40));
    expect(suma.valor).toMatchObject({ empleados: 2, empleados_tiempo_parcial: 1, minutos_trabajados: 1080, minutos_extraordinarios: 60, minutos_complementarios: 300, dias_incompletos: 2 });
  });
});

describe('nuevoCodigo', () => {
  it('draws R- and 8 base32 characters, different each time', () => {
    const codigos = Array.from({ length: 1_000 }, nuevoCodigo);
    for (const codigo of codigos) expect(codigo).toMatch(/^R-[A-Z2-7]{8}$/);
    expect(new Set(codigos).size).toBe(1_000);
  });
});
