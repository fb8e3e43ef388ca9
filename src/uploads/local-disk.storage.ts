import { randomUUID } from 'node:crypto';
import { link, mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import type { FileStorage, UploadFolder } from './file-storage.js';

/** Files under UPLOADS_DIR/<folder>/, served by `UploadsStaticFiles`. */
@Injectable()
export class LocalDiskStorage implements FileStorage {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async save(folder: UploadFolder, name: string, bytes: Buffer): Promise<string> {
    const directory = join(this.config.uploadsDir, folder);
    await mkdir(directory, { recursive: true });
    // A dotfile is never served, and linking it under its public name makes the file appear whole.
    const temporary = join(directory, `.${randomUUID()}.part`);
    try {
      await writeSynced(temporary, bytes);
      return await linkUnderFreeName(temporary, directory, name);
    } finally {
      // Failing to remove the dotfile must not turn a stored upload into an error.
      await rm(temporary, { force: true }).catch(() => undefined);
    }
  }
}

async function writeSynced(path: string, bytes: Buffer): Promise<void> {
  const file = await open(path, 'wx');
  try {
    await file.writeFile(bytes);
    await file.sync();
  } finally {
    await file.close();
  }
}

/**
 * How many taken names are skipped before giving up: ten seconds' worth of same-name uploads, one
 * per millisecond, far more than uploads ever bunch up, and still a bounded number of system calls.
 */
export const MAX_NAME_ATTEMPTS = 10_000;

/** `link` fails on an existing name instead of replacing it, so two uploads never share one. */
async function linkUnderFreeName(source: string, directory: string, name: string): Promise<string> {
  const first = Date.now();
  for (let timestamp = first; timestamp < first + MAX_NAME_ATTEMPTS; timestamp += 1) {
    const stored = `${timestamp}-${name}`;
    try {
      await link(source, join(directory, stored));
      return stored;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new Error(`${MAX_NAME_ATTEMPTS} names for ${name} in a row are taken`);
}
