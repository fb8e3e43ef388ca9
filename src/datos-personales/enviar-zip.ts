import { pipeline } from 'node:stream/promises';
import { Logger } from '@nestjs/common';
import type { Response } from 'express';
import type { DescargaDeDatos } from './datos-personales.service.js';

const logger = new Logger('DatosPersonales');

/** A client that takes nothing for this long is cut off: it would hold a connection and the export's snapshot. */
export const INACTIVIDAD_MAXIMA_MS = 60_000;

/** The answer's status and headers, the same for HEAD and GET. */
export function cabecerasDeZip(response: Response, nombreArchivo: string): void {
  response.status(200);
  response.setHeader('Content-Type', 'application/zip');
  response.setHeader('Content-Disposition', `attachment; filename="${nombreArchivo}"`);
  response.setHeader('Cache-Control', 'no-store');
}

/**
 * Streams the ZIP with backpressure. Once the first byte is out an error can only cut the connection, so the
 * client sees a broken download rather than a short archive that looks whole.
 */
export async function enviarZip(response: Response, descarga: DescargaDeDatos): Promise<void> {
  cabecerasDeZip(response, descarga.nombreArchivo);
  response.setTimeout(INACTIVIDAD_MAXIMA_MS, () => response.destroy());
  try {
    await pipeline(descarga.stream, response);
  } catch (error) {
    // A client hanging up is no server error; pipeline has destroyed the ZIP, which ends the export's transaction.
    if ((error as { code?: unknown }).code !== 'ERR_STREAM_PREMATURE_CLOSE') logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    response.destroy();
  }
}
