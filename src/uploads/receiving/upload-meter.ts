import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { fileTooLarge } from '../upload-errors.js';

/** Passes a file's bytes through, counting and hashing them; a byte past `maxBytes` fails it with the spec's 413. */
export class UploadMeter extends Transform {
  size = 0;
  /** The SHA-256 of every byte, in hex, once the content has ended. */
  sha256 = '';
  private readonly hash = createHash('sha256');

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return callback(fileTooLarge());
    this.hash.update(chunk);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    this.sha256 = this.hash.digest('hex');
    callback();
  }
}
