import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { LectorRegistro, RegistroCursor, RegistroFila } from './registro-fila.js';
import { registroStream } from './registro-stream.js';

const fila = (idEmpleado: number, idFichaje: number): RegistroFila => ({
  id_fichaje: String(idFichaje),
  id_empleado: idEmpleado,
  nombre: `Empleado ${idEmpleado}`,
  correo: `e${idEmpleado}@example.com`,
  codigo_centro_trabajo: null,
  centro_trabajo: null,
  zona_horaria: null,
  fecha: '2026-03-10',
  tipo: 'entrada',
  instante_ms: Date.UTC(2026, 2, 10, 8, 0, 0, idFichaje % 1000),
  modalidad: 'presencial',
  origen: 'empleado',
  id_solicitud: null,
  sustituye: null,
  hash: Buffer.alloc(32, idFichaje % 256).toString('hex'),
});

/** A register of `total` records, three employees' worth, that remembers where each page was asked from. */
function lector(total: number): LectorRegistro & { pedidas: (RegistroCursor | null)[] } {
  const filas = Array.from({ length: total }, (_, i) => fila(Math.floor((i * 3) / total) + 1, i + 1));
  const pedidas: (RegistroCursor | null)[] = [];
  return {
    pedidas,
    pagina: (_desde, _hasta, despues, limite) => {
      pedidas.push(despues);
      const desde = despues ? filas.findIndex((candidata) => candidata.id_fichaje === despues.id_fichaje) + 1 : 0;
      return Promise.resolve(filas.slice(desde, desde + limite));
    },
  };
}

const peticion = { desde: '2026-03-01', hasta: '2026-03-31', formato: 'json' as const, zonaPorDefecto: 'Europe/Madrid' };

async function leerTodo(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

describe('registroStream', () => {
  it('reads page after page from the last record of the one before, and writes each record once', async () => {
    const register = lector(25);

    const records = JSON.parse(await leerTodo(await registroStream(register, peticion, 10))) as { id_fichaje: number; hora_local: string }[];

    expect(records.map((record) => record.id_fichaje)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(records[0]!.hora_local).toBe('2026-03-10 09:00:00');
    expect(register.pedidas).toEqual([null, { id_empleado: 2, id_fichaje: '10' }, { id_empleado: 3, id_fichaje: '20' }]);
  });

  it('asks once more after a full last page, and stops at an empty one', async () => {
    const register = lector(20);

    expect(JSON.parse(await leerTodo(await registroStream(register, peticion, 10)))).toHaveLength(20);
    expect(register.pedidas).toHaveLength(3);
  });

  it('reads the first page before it is returned, and no further page until asked', async () => {
    const register = lector(100);

    const stream = await registroStream(register, peticion, 10);
    await new Promise((resolve) => setImmediate(resolve));

    expect(register.pedidas).toEqual([null]);
    stream.destroy();
  });

  it('stops reading the register when the consumer goes away after the first chunk', async () => {
    const register = lector(1_000);
    const stream = await registroStream(register, peticion, 10);
    let chunks = 0;
    const cliente = new Writable({
      highWaterMark: 1,
      write(_chunk, _encoding, done) {
        chunks += 1;
        if (chunks === 2) done(new Error('the client hung up'));
        else done();
      },
    });

    await expect(pipeline(stream, cliente)).rejects.toThrow('the client hung up');
    await new Promise((resolve) => setImmediate(resolve));

    expect(register.pedidas.length).toBeLessThanOrEqual(3);
    expect(stream.destroyed).toBe(true);
  });

  it('fails the stream, after the chunks already given, when a later page cannot be read: the download is cut, never ended short', async () => {
    const register = lector(30);
    const pagina = register.pagina;
    register.pagina = (desde, hasta, despues, limite) => (despues ? Promise.reject(new Error('connection lost')) : pagina(desde, hasta, despues, limite));
    const stream = await registroStream(register, peticion, 10);
    const chunks: string[] = [];

    await expect(
      (async () => {
        for await (const chunk of stream) chunks.push(String(chunk));
      })(),
    ).rejects.toThrow('connection lost');
    expect(chunks.join('')).toMatch(/^\[\n\{"id_fichaje":1,/);
    expect(chunks.join('')).not.toMatch(/\]\n$/);
  });
});
