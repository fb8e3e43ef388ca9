import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { Logger } from '@nestjs/common';
import type { Response } from 'express';
import type { FormatoRegistro } from './registro-fila.js';
import { CONTENT_TYPES } from './registro-formato.js';

const logger = new Logger('Registro');

export interface DescargaRegistro {
  stream: Readable;
  formato: FormatoRegistro;
  /** The file's name without extension. */
  nombre: string;
}

/**
 * Streams a download of the register, respecting backpressure. Errors before this point were normal JSON
 * answers; once the first byte is out, an error can only cut the response (the connection is destroyed, so
 * the client sees a broken download, never a short file that looks whole).
 */
export async function enviarRegistro(response: Response, descarga: DescargaRegistro): Promise<void> {
  response.status(200);
  response.setHeader('Content-Type', CONTENT_TYPES[descarga.formato]);
  response.setHeader('Content-Disposition', `attachment; filename="${descarga.nombre}.${descarga.formato}"`);
  try {
    await pipeline(descarga.stream, response);
  } catch (error) {
    // pipeline has destroyed both sides, so the register is read no further; a client hanging up is no server error.
    if ((error as { code?: unknown }).code !== 'ERR_STREAM_PREMATURE_CLOSE') logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    response.destroy();
  }
}
