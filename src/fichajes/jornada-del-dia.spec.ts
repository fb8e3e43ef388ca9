import { fechaDelFichaje, recontar, registrosPara, resumirDia } from './jornada-del-dia.js';

const at = (iso: string) => new Date(iso);

describe('fechaDelFichaje: the working day a record belongs to', () => {
  // 23:30 UTC in March: already the 11th in Madrid (UTC+1), still the 10th in the Canaries (UTC+0).
  it.each([
    ['Europe/Madrid', '2026-03-11'],
    ['Atlantic/Canary', '2026-03-10'],
  ])('an entrada at 2026-03-10T23:30Z in %s is on %s', (zona, fecha) => {
    expect(fechaDelFichaje('entrada', at('2026-03-10T23:30:00Z'), zona, null)).toBe(fecha);
  });

  it("keeps a night shift's salida on the day its entrada began", () => {
    expect(fechaDelFichaje('salida', at('2026-03-11T06:00:00Z'), 'Europe/Madrid', '2026-03-10')).toBe('2026-03-10');
  });

  it('starts a new day with an entrada even when an earlier day is remembered', () => {
    expect(fechaDelFichaje('entrada', at('2026-03-12T08:00:00Z'), 'Europe/Madrid', '2026-03-10')).toBe('2026-03-12');
  });
});

describe('registrosPara: the sequence rules', () => {
  it.each([
    ['fuera', 'entrada', ['entrada']],
    ['fuera', 'salida', null],
    ['fuera', 'inicio_pausa', null],
    ['fuera', 'fin_pausa', null],
    ['dentro', 'entrada', null],
    ['dentro', 'salida', ['salida']],
    ['dentro', 'inicio_pausa', ['inicio_pausa']],
    ['dentro', 'fin_pausa', null],
    ['en_pausa', 'entrada', null],
    ['en_pausa', 'salida', ['fin_pausa', 'salida']],
    ['en_pausa', 'inicio_pausa', null],
    ['en_pausa', 'fin_pausa', ['fin_pausa']],
  ] as const)('%s + %s → %p', (estado, tipo, expected) => {
    expect(registrosPara(estado, tipo)).toEqual(expected);
  });
});

describe('recontar: minutes worked and paused', () => {
  it('counts a closed day with a pause in whole minutes', () => {
    const marcas = [
      { tipo: 'entrada' as const, instante: at('2026-03-10T08:00:00Z') },
      { tipo: 'inicio_pausa' as const, instante: at('2026-03-10T12:00:00Z') },
      { tipo: 'fin_pausa' as const, instante: at('2026-03-10T12:30:59Z') },
      { tipo: 'salida' as const, instante: at('2026-03-10T16:30:59Z') },
    ];
    expect(recontar(marcas, at('2026-03-10T20:00:00Z'))).toEqual({ estado: 'fuera', minutos_trabajados: 480, minutos_pausa: 30 });
  });

  it('runs an open interval up to now', () => {
    const marcas = [{ tipo: 'entrada' as const, instante: at('2026-03-10T08:00:00Z') }];
    expect(recontar(marcas, at('2026-03-10T09:15:00Z'))).toEqual({ estado: 'dentro', minutos_trabajados: 75, minutos_pausa: 0 });
  });

  it('is nothing for no records', () => {
    expect(recontar([], at('2026-03-10T09:15:00Z'))).toEqual({ estado: 'fuera', minutos_trabajados: 0, minutos_pausa: 0 });
  });
});

describe('resumirDia: a day marked incompleto', () => {
  const abierto = [{ tipo: 'entrada' as const, instante: at('2026-03-10T08:00:00Z') }];

  it('is incompleto and counts only up to its last record, not to now', () => {
    expect(resumirDia(abierto, at('2026-03-12T09:00:00Z'), true)).toEqual({ estado: 'incompleto', minutos_trabajados: 0, minutos_pausa: 0 });
  });

  it('stays dentro, running to now, while not marked', () => {
    expect(resumirDia(abierto, at('2026-03-10T09:00:00Z'), false)).toEqual({ estado: 'dentro', minutos_trabajados: 60, minutos_pausa: 0 });
  });

  it('is not incompleto once its last record is a salida', () => {
    const cerrado = [...abierto, { tipo: 'salida' as const, instante: at('2026-03-10T16:00:00Z') }];
    expect(resumirDia(cerrado, at('2026-03-12T09:00:00Z'), true)).toEqual({ estado: 'fuera', minutos_trabajados: 480, minutos_pausa: 0 });
  });
});
