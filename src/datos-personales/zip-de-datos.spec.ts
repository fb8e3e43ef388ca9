import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import yauzl from 'yauzl';
import type { FileStorage } from '../uploads/storage/file-storage.js';
import type { Consulta, TipoDeDatos } from './tipo-de-datos.js';
import { escribirZip, nuevoZip } from './zip-de-datos.js';

const PAGINA = 100;
const TROZO = 64 * 1024;
/**
 * Far more than the streams between the reads and the ZIP's reader hold: archiver keeps up to 1 MB of compressed
 * output (about 130 pages of these rows, 200 and more once the other stages' buffers count), a few megabytes of a file.
 */
const MUCHAS_FILAS = 5000 * PAGINA;
const ARCHIVO_GRANDE = 64 * 1024 * 1024;

const FILAS_JSON: TipoDeDatos = { archivo: 'filas.json', descripcion: 'Filas.', columnas: 'n', origen: 'filas', filtro: 'true', clave: [{ sql: 'n', campo: 'n' }] };

/** A table of `filas` rows and, when `tamanoArchivo`, one stored file of that size, counting what the export has read of them. */
function origen(filas: number, tamanoArchivo: number) {
  const leido = { paginas: 0, bytes: 0 };
  const consulta: Consulta = async (sql, parametros) => {
    const despues = parametros.length > 2 ? (parametros[1] as number) : 0;
    if (sql.includes('FROM archivo a')) {
      return tamanoArchivo && despues === 0 ? [{ id_archivo: 1, carpeta: 'documentos', nombre: 'grande.bin', ruta_en_zip: 'archivos/documentos/grande.bin' }] : [];
    }
    leido.paginas += 1;
    return Array.from({ length: Math.max(0, Math.min(PAGINA, filas - despues)) }, (_, i) => ({ n: despues + i + 1, texto: randomBytes(60).toString('hex') }));
  };
  const storage = {
    read: async () => ({
      size: tamanoArchivo,
      body: Readable.from(
        (function* () {
          for (let enviado = 0; enviado < tamanoArchivo; enviado += TROZO) {
            leido.bytes += TROZO;
            yield randomBytes(TROZO);
          }
        })(),
        { objectMode: false },
      ),
    }),
  } as unknown as FileStorage;
  return { leido, contenido: { consulta, idEmpleado: 1, tipos: [FILAS_JSON], leeme: 'Léeme.', storage, tamanoPagina: PAGINA } };
}

/** Takes the first chunk of the ZIP, then leaves it unread for a while. */
async function primerTrozo(zip: Readable): Promise<void> {
  await new Promise<void>((resolve) => zip.once('data', () => (zip.pause(), resolve())));
  await sleep(200);
}

describe('escribirZip', () => {
  it('reads the next page of rows only as the ZIP is read', async () => {
    const { leido, contenido } = origen(MUCHAS_FILAS, 0);
    const zip = nuevoZip();
    const escrito = escribirZip(zip, contenido);
    await primerTrozo(zip);

    expect(leido.paginas).toBeLessThan(MUCHAS_FILAS / PAGINA / 10);
    zip.destroy();
    await expect(escrito).rejects.toThrow();
  });

  it('reads a stored file a piece at a time as the ZIP is read', async () => {
    const { leido, contenido } = origen(0, ARCHIVO_GRANDE);
    const zip = nuevoZip();
    const escrito = escribirZip(zip, contenido);
    await primerTrozo(zip);

    expect(leido.bytes).toBeLessThan(ARCHIVO_GRANDE / 10);
    zip.destroy();
    await expect(escrito).rejects.toThrow();
  });

  it('writes a ZIP that an independent parser reads whole: the README, every row, the file', async () => {
    const filas = 20 * PAGINA;
    const tamanoArchivo = 4 * 1024 * 1024;
    const { leido, contenido } = origen(filas, tamanoArchivo);
    const zip = nuevoZip();
    const [bytes] = await Promise.all([buffer(zip), escribirZip(zip, contenido)]);

    const entradas = await new Promise<Map<string, Buffer>>((resolve, reject) =>
      yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, archivo) => {
        if (error) return reject(error);
        const leidas = new Map<string, Buffer>();
        void (async () => {
          for await (const entrada of archivo.eachEntry()) leidas.set(entrada.fileName, await buffer(await archivo.openReadStreamPromise(entrada)));
          resolve(leidas);
        })().catch(reject);
      }),
    );
    expect([...entradas.keys()]).toEqual(['LEEME.txt', 'filas.json', 'archivos/documentos/grande.bin']);
    expect(JSON.parse(entradas.get('filas.json')!.toString()).map((fila: { n: number }) => fila.n)).toEqual(Array.from({ length: filas }, (_, i) => i + 1));
    expect(entradas.get('archivos/documentos/grande.bin')).toHaveLength(tamanoArchivo);
    expect(leido.paginas).toBe(filas / PAGINA + 1);
  });
});
