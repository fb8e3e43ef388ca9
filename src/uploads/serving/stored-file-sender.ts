import { pipeline } from 'node:stream/promises';
import { HttpStatus, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { apiError } from '../../common/api-error.js';
import { type ByteRange, FILE_STORAGE, type FileStorage, type StoredFileKey } from '../storage/file-storage.js';
import { uploadTypeOfName } from '../upload-types.js';
import { rangeOf } from './byte-range.js';

/** Sends a stored file from whichever storage holds it: whole, or the one byte range asked for, under `cacheControl`. */
@Injectable()
export class StoredFileSender {
  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  async send(key: StoredFileKey, request: Request, response: Response, cacheControl: string): Promise<void> {
    const head = request.method === 'HEAD';
    const wanted = request.headers.range;
    let range: ByteRange | undefined;
    // The size is looked up on its own only when a range or a HEAD needs it; a plain GET reads once.
    if (head || wanted !== undefined) {
      const size = await this.storage.size(key);
      if (size === null) throw new NotFoundException();
      const answer = rangeOf(wanted, size);
      if (answer.kind === 'unsatisfiable') {
        response.setHeader('Content-Range', `bytes */${size}`);
        throw apiError(HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE, 'rango_no_satisfacible', 'El rango pedido queda fuera del archivo.');
      }
      if (answer.kind === 'part') range = answer.range;
      if (head) return void writeFileHead(response, key, size, range, cacheControl).end();
    }
    const file = await this.storage.read(key, range);
    if (!file) throw new NotFoundException();
    writeFileHead(response, key, file.size, range, cacheControl);
    // A client that leaves mid-file ends the stream; there is nobody left to answer.
    await pipeline(file.body, response).catch(() => undefined);
  }
}

/** Stored files are untrusted: never sniffed, never run as a page, and only images, PDF and video shown inline. */
function writeFileHead(response: Response, key: StoredFileKey, size: number, range: ByteRange | undefined, cacheControl: string): Response {
  const type = uploadTypeOfName(key.name);
  response.status(range ? HttpStatus.PARTIAL_CONTENT : HttpStatus.OK);
  response.setHeader('Content-Type', type?.mime ?? 'application/octet-stream');
  response.setHeader('Content-Length', range ? range.end - range.start + 1 : size);
  if (range) response.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
  response.setHeader('Accept-Ranges', 'bytes');
  response.setHeader('Cache-Control', cacheControl);
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Content-Security-Policy', "sandbox; default-src 'none'");
  // Helmet's same-origin policy would stop the portal, on its own origin, from showing the images.
  response.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  if (!type?.inline) response.setHeader('Content-Disposition', 'attachment');
  return response;
}
