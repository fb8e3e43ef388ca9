import type { TipoFichaje } from './fichaje-fields.js';
import type { FichajeRow } from './fichajes.repository.js';
import { jornadasDelPeriodo, totales } from './periodo.js';

let id = 0;
const fila = (fecha: string, tipo: TipoFichaje, hora: string): FichajeRow => {
  id += 1;
  return {
    id_fichaje: String(id), id_empleado: 1, tipo, modalidad: 'presencial', instante: new Date(`${fecha}T${hora}:00Z`), fecha,
    origen: 'empleado', id_solicitud: null, sustituye: null, hash: Buffer.alloc(32), hash_anterior: null,
  };
};
const previstos = (fechas: string[]) => fechas.map((fecha) => ({ fecha, minutos_previstos: 480 }));
const AHORA = new Date('2026-03-11T12:00:00Z');
const HOY = '2026-03-11';
const saldos = (dias: ReturnType<typeof jornadasDelPeriodo>) => dias.map((dia) => [dia.fecha, dia.estado, dia.minutos_trabajados, dia.minutos_exceso, dia.minutos_defecto]);

describe('jornadasDelPeriodo: excess and shortfall only on settled days', () => {
  it('settles a closed day and a past day without records; an open day and today or later without records owe nothing yet', () => {
    const filas = [
      fila('2026-03-09', 'entrada', '08:00'),
      fila('2026-03-09', 'salida', '17:30'),
      fila('2026-03-11', 'entrada', '08:00'),
    ];

    const dias = jornadasDelPeriodo(previstos(['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12']), filas, AHORA, HOY, new Set());

    expect(saldos(dias)).toEqual([
      ['2026-03-09', 'completo', 570, 90, 0],
      ['2026-03-10', 'sin_fichajes', 0, 0, 480],
      ['2026-03-11', 'abierto', 240, 0, 0],
      ['2026-03-12', 'sin_fichajes', 0, 0, 0],
    ]);
    expect(totales(dias)).toEqual({ minutos_trabajados: 810, minutos_previstos: 1920, minutos_exceso: 90, minutos_defecto: 480 });
  });

  it("keeps each day's records apart: a day's pause does not leak into the next day", () => {
    const filas = [
      fila('2026-03-09', 'entrada', '08:00'),
      fila('2026-03-09', 'inicio_pausa', '12:00'),
      fila('2026-03-09', 'fin_pausa', '12:30'),
      fila('2026-03-09', 'salida', '16:30'),
      fila('2026-03-10', 'entrada', '09:00'),
      fila('2026-03-10', 'salida', '10:00'),
    ];

    const [lunes, martes] = jornadasDelPeriodo(previstos(['2026-03-09', '2026-03-10']), filas, AHORA, HOY, new Set());

    expect([lunes!.minutos_trabajados, lunes!.minutos_pausa, lunes!.fichajes.length]).toEqual([480, 30, 4]);
    expect([martes!.minutos_trabajados, martes!.minutos_pausa, martes!.fichajes.length]).toEqual([60, 0, 2]);
  });

  it('shows a marked day left open as incompleto, counted up to its last record, owing nothing until corrected', () => {
    const filas = [fila('2026-03-09', 'entrada', '08:00'), fila('2026-03-09', 'inicio_pausa', '12:00')];

    const [lunes] = jornadasDelPeriodo(previstos(['2026-03-09']), filas, AHORA, HOY, new Set(['2026-03-09']));

    expect([lunes!.estado, lunes!.minutos_trabajados, lunes!.minutos_pausa, lunes!.minutos_exceso, lunes!.minutos_defecto]).toEqual(['incompleto', 240, 0, 0, 0]);
  });
});

describe('jornadasDelPeriodo: a corrected day counts its correction and still lists its originals', () => {
  const correccion = (fecha: string, tipo: TipoFichaje, hora: string, sustituye: string[]): FichajeRow => ({
    ...fila(fecha, tipo, hora),
    origen: 'correccion',
    id_solicitud: 42,
    sustituye,
  });
  const aplicada = {
    id_solicitud: 42,
    propuesta_por: 'empleado' as const,
    proponente: { id_empleado: 1, nombre: 'Ana' },
    motivo: 'Olvidé fichar la salida.',
    aprobada_por: { id_empleado: 2, nombre: 'Jefa' },
    fecha_aprobacion: new Date('2026-03-10T09:00:00Z'),
  };

  it('turns an incompleto day into corregido, settled with the corrected minutes, originals out of force, who and why attached', () => {
    const entrada = fila('2026-03-09', 'entrada', '08:00');
    const filas = [entrada, correccion('2026-03-09', 'entrada', '08:00', [entrada.id_fichaje]), correccion('2026-03-09', 'salida', '17:00', [entrada.id_fichaje])];

    const [lunes] = jornadasDelPeriodo(previstos(['2026-03-09']), filas, AHORA, HOY, new Set(['2026-03-09']), new Map([[42, aplicada]]));

    expect(saldos([lunes!])).toEqual([['2026-03-09', 'corregido', 540, 60, 0]]);
    expect(lunes!.fichajes.map((fichaje) => [fichaje.origen, fichaje.en_vigor])).toEqual([
      ['empleado', false],
      ['correccion', true],
      ['correccion', true],
    ]);
    expect(lunes!.correcciones).toEqual([aplicada]);
    expect(lunes!.vigentes.map((fichaje) => [fichaje.tipo, fichaje.instante.toISOString()])).toEqual([
      ['entrada', '2026-03-09T08:00:00.000Z'],
      ['salida', '2026-03-09T17:00:00.000Z'],
    ]);
  });

  it('counts a day whose records all stay in force as before, with no corrections', () => {
    const [lunes] = jornadasDelPeriodo(previstos(['2026-03-09']), [fila('2026-03-09', 'entrada', '08:00'), fila('2026-03-09', 'salida', '16:00')], AHORA, HOY, new Set());

    expect([lunes!.estado, lunes!.correcciones, lunes!.fichajes.every((fichaje) => fichaje.en_vigor)]).toEqual(['completo', [], true]);
  });
});
