import { type FichajePropuestoEnviado, validarPropuesta } from './correccion-propuesta.js';

const FECHA = '2026-03-09';
const AHORA = new Date('2026-03-11T12:00:00Z');
const f = (tipo: FichajePropuestoEnviado['tipo'], instante: string): FichajePropuestoEnviado => ({ tipo, instante });
const errores = (enviados: FichajePropuestoEnviado[], zona = 'UTC', ahora = AHORA) => validarPropuesta(FECHA, enviados, zona, ahora).errores;

describe('validarPropuesta: a proposed day is a closed sequence of increasing instants within the day', () => {
  it('accepts a day with a lunch break and reads wall-clock times in the centre’s zone', () => {
    const resultado = validarPropuesta(
      FECHA,
      [f('entrada', '2026-03-09T08:00'), f('inicio_pausa', '2026-03-09T13:00'), f('fin_pausa', '2026-03-09T13:30'), f('salida', '2026-03-09T17:00')],
      'Europe/Madrid',
      AHORA,
    );

    expect(resultado.errores).toEqual([]);
    expect(resultado.fichajes?.map((fichaje) => fichaje.instante.toISOString())).toEqual([
      '2026-03-09T07:00:00.000Z',
      '2026-03-09T12:00:00.000Z',
      '2026-03-09T12:30:00.000Z',
      '2026-03-09T16:00:00.000Z',
    ]);
  });

  it('accepts a night shift whose salida falls after midnight, and split shifts', () => {
    expect(errores([f('entrada', '2026-03-09T22:00:00Z'), f('salida', '2026-03-10T06:00:00Z')])).toEqual([]);
    expect(errores([f('entrada', '2026-03-09T08:00Z'), f('salida', '2026-03-09T12:00Z'), f('entrada', '2026-03-09T16:00Z'), f('salida', '2026-03-09T19:00Z')])).toEqual([]);
  });

  it('names the first record out of sequence: a day must start with an entrada', () => {
    expect(errores([f('salida', '2026-03-09T08:00Z'), f('salida', '2026-03-09T09:00Z')])).toEqual([
      { campo: 'fichajes.0.tipo', mensaje: 'no sigue al anterior: tras una salida (o al empezar) solo cabe una entrada.' },
    ]);
  });

  it('refuses a pause closed by a salida, and a day left open or in a pause', () => {
    expect(errores([f('entrada', '2026-03-09T08:00Z'), f('inicio_pausa', '2026-03-09T12:00Z'), f('salida', '2026-03-09T13:00Z')])).toEqual([
      { campo: 'fichajes.2.tipo', mensaje: 'no sigue al anterior: una pausa abierta solo se cierra con fin_pausa.' },
    ]);
    expect(errores([f('entrada', '2026-03-09T08:00Z'), f('inicio_pausa', '2026-03-09T12:00Z')])).toEqual([
      { campo: 'fichajes', mensaje: 'debe terminar con una salida, sin pausas abiertas.' },
    ]);
  });

  it('refuses instants that do not increase strictly', () => {
    expect(errores([f('entrada', '2026-03-09T08:00Z'), f('salida', '2026-03-09T08:00Z')])).toEqual([
      { campo: 'fichajes.1.instante', mensaje: 'debe ser posterior al fichaje anterior.' },
    ]);
  });

  it('refuses instants outside the day and the next, an entrada after the day, and the future', () => {
    expect(errores([f('entrada', '2026-03-08T23:59Z'), f('salida', '2026-03-09T08:00Z')])[0]!.campo).toBe('fichajes.0.instante');
    expect(errores([f('entrada', '2026-03-09T08:00Z'), f('salida', '2026-03-11T00:00Z')])[0]!.campo).toBe('fichajes.1.instante');
    expect(errores([f('entrada', '2026-03-10T01:00Z'), f('salida', '2026-03-10T02:00Z')])).toEqual([
      { campo: 'fichajes.0.instante', mensaje: 'la entrada que abre la jornada debe caer el 2026-03-09, en la hora del centro.' },
    ]);
    expect(errores([f('entrada', '2026-03-09T08:00Z'), f('salida', '2026-03-09T17:00Z')], 'UTC', new Date('2026-03-09T12:00:00Z'))).toEqual([
      { campo: 'fichajes.1.instante', mensaje: 'no puede estar en el futuro.' },
    ]);
  });

  it('places the day in the centre’s zone: 23:30 UTC on the 8th is already the 9th in Madrid', () => {
    expect(errores([f('entrada', '2026-03-08T23:30:00Z'), f('salida', '2026-03-09T07:00:00Z')], 'Europe/Madrid')).toEqual([]);
  });

  it('refuses text that is no date and time', () => {
    expect(errores([f('entrada', 'ayer'), f('salida', '2026-03-09T17:00Z')])).toEqual([
      { campo: 'fichajes.0.instante', mensaje: 'debe ser una fecha y hora ISO 8601 válida (YYYY-MM-DDTHH:mm, con desfase o en la hora del centro).' },
    ]);
  });
});
