import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipArchive } from 'archiver';
import type { FileStorage, UploadFolder } from '../uploads/storage/file-storage.js';
import { ARCHIVOS } from './datos-de-actividad.js';
import { jsonPaginado, type LectorDePaginas, paginas } from './json-paginado.js';
import { claveDe, type Consulta, leerPagina, type TipoDeDatos } from './tipo-de-datos.js';

/** What goes into one export, read through the export's transaction. */
export interface ContenidoDelZip {
  consulta: Consulta;
  idEmpleado: number;
  tipos: readonly TipoDeDatos[];
  leeme: string;
  storage: FileStorage;
  tamanoPagina: number;
}

/**
 * The ZIP, written into `zip` entry by entry: the README, a JSON file per kind of data, then the stored files. Each
 * entry is added once the previous one is in, so one page of rows or one file is read at a time, and only as fast as
 * the reader of `zip` takes the bytes. Resolves once every byte was read; rejects when `zip` is destroyed or a read fails.
 */
export async function escribirZip(zip: ZipArchive, contenido: ContenidoDelZip): Promise<void> {
  await anadir(zip, contenido.leeme, 'LEEME.txt');
  for (const tipo of contenido.tipos) {
    const json = jsonPaginado(lector(contenido, tipo), (fila) => claveDe(tipo, fila), contenido.tamanoPagina);
    await anadir(zip, Readable.from(json, { objectMode: false, highWaterMark: 1 }), tipo.archivo);
  }
  for await (const fila of filasDeArchivos(contenido)) {
    const archivo = await contenido.storage.read({ folder: fila.carpeta as UploadFolder, name: fila.nombre as string });
    // A file gone from the storage is listed in archivos.json and missing from the folder, as the README says.
    if (archivo) await anadir(zip, archivo.body, fila.ruta_en_zip as string);
  }
  void zip.finalize().catch(() => undefined);
  await finished(zip);
}

export function nuevoZip(): ZipArchive {
  return new ZipArchive({ zlib: { level: 6 } });
}

function lector(contenido: ContenidoDelZip, tipo: TipoDeDatos): LectorDePaginas<unknown[]> {
  return (cursor) => leerPagina(contenido.consulta, tipo, contenido.idEmpleado, cursor, contenido.tamanoPagina);
}

async function* filasDeArchivos(contenido: ContenidoDelZip): AsyncGenerator<Record<string, unknown>> {
  for await (const pagina of paginas(lector(contenido, ARCHIVOS), (fila) => claveDe(ARCHIVOS, fila), contenido.tamanoPagina)) yield* pagina;
}

/** Adds one entry and waits until the archive has taken all of it. */
function anadir(zip: ZipArchive, fuente: Readable | string, nombre: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const stream = typeof fuente === 'string' ? null : fuente;
    const soltar = () => {
      zip.off('entry', alEntrar);
      zip.off('error', alFallar);
      zip.off('close', alCerrar);
      stream?.off('error', alFallar);
    };
    const alEntrar = () => {
      soltar();
      resolve();
    };
    const alFallar = (error: Error) => {
      soltar();
      stream?.destroy();
      reject(error);
    };
    const alCerrar = () => alFallar(new Error(`The ZIP was closed before ${nombre} was in`));
    zip.once('entry', alEntrar);
    zip.once('error', alFallar);
    zip.once('close', alCerrar);
    stream?.once('error', alFallar);
    zip.append(fuente, { name: nombre });
  });
}
