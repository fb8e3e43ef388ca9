import { createReadStream } from 'node:fs';
import { decodeUtf8 } from '../common/csv.js';
import { CliError } from './cli-errors.js';

/** A company's export is a few megabytes; a larger file is the wrong file, or one to split. */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;

/**
 * Reads a file as UTF-8; anything else is refused. Reading stops one byte past MAX_FILE_BYTES, so neither a huge file nor a device that never
 * ends (`/dev/zero`) fills the memory.
 */
export async function readUtf8File(path: string): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = await readAtMost(path, MAX_FILE_BYTES + 1);
  } catch (error) {
    throw new CliError(`Cannot read ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}.`);
  }
  if (bytes.length > MAX_FILE_BYTES) throw new CliError(`${path} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MiB: split it into several files.`);
  const text = decodeUtf8(bytes);
  if (text === undefined) throw new CliError(`${path} is not UTF-8 text: save it as "CSV UTF-8" (in Excel) or convert it first.`);
  return text;
}

async function readAtMost(path: string, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of createReadStream(path, { end: limit - 1 })) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
