import { buffer } from 'node:stream/consumers';
import yauzl from 'yauzl';

/** Every entry of a ZIP by name, read with yauzl: a parser independent of the archiver that wrote it. */
export async function leerZip(zip: Buffer): Promise<Map<string, Buffer>> {
  const archivo = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (error, abierto) => (error ? reject(error) : resolve(abierto))),
  );
  const entradas = new Map<string, Buffer>();
  for await (const entrada of archivo.eachEntry()) entradas.set(entrada.fileName, await buffer(await archivo.openReadStreamPromise(entrada)));
  return entradas;
}
