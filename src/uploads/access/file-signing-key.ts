import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { AppConfig } from '../../config/app-config.js';

export const FILE_SIGNING_KEY = Symbol('FILE_SIGNING_KEY');

/**
 * FILES_SIGNING_KEY when set. Otherwise, outside production, a key generated once into DATA_DIR, so
 * links survive restarts and instances sharing DATA_DIR agree; in production every folder is then
 * public (the environment check requires the key otherwise), no link is ever signed, and a
 * throw-away key does.
 */
export async function fileSigningKey(config: AppConfig): Promise<Buffer> {
  if (config.files.signingKey) return signingKeyBytes(config.files.signingKey);
  if (config.production) return randomBytes(32);
  return loadOrCreateKey(join(config.dataDir, 'files-signing-key'));
}

/** The HMAC key a configured text stands for: its UTF-8 bytes, as links were always signed. */
export function signingKeyBytes(text: string): Buffer {
  return Buffer.from(text, 'utf8');
}

async function loadOrCreateKey(path: string): Promise<Buffer> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.part`;
  await writeFile(temporary, randomBytes(32).toString('base64url'), { mode: 0o600 });
  // The key appears whole or not at all; of two instances starting together, the second reads the first one's.
  await link(temporary, path)
    .catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    })
    .finally(() => rm(temporary, { force: true }));
  return signingKeyBytes((await readFile(path, 'utf8')).trim());
}
