import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { type ByteRange, type FileStorage, type StoredFile, type StoredFileKey, StoredNameTakenError } from './file-storage.js';

/** Files under UPLOADS_DIR/<folder>/<name>. */
@Injectable()
export class LocalDiskStorage implements FileStorage {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async create(key: StoredFileKey, content: Readable): Promise<void> {
    const directory = join(this.config.uploadsDir, key.folder);
    await mkdir(directory, { recursive: true });
    // A dotfile is never a stored name, and linking it under its name makes the file appear whole.
    const temporary = join(directory, `.${randomUUID()}.part`);
    try {
      // `flush` fsyncs before closing: the name appears only over bytes that are on disk.
      await pipeline(content, createWriteStream(temporary, { flags: 'wx', flush: true }));
      // `link` fails on an existing name instead of replacing it, so two uploads never share one.
      await link(temporary, this.pathOf(key)).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'EEXIST' ? new StoredNameTakenError(key) : error;
      });
    } finally {
      // Failing to remove the dotfile must not turn a stored upload into an error.
      await rm(temporary, { force: true }).catch(() => undefined);
    }
  }

  async read(key: StoredFileKey, range?: ByteRange): Promise<StoredFile | null> {
    const path = this.pathOf(key);
    const found = await stat(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!found?.isFile()) return null;
    return { size: found.size, body: createReadStream(path, range) };
  }

  async delete(key: StoredFileKey): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async check(): Promise<void> {
    await mkdir(this.config.uploadsDir, { recursive: true });
  }

  private pathOf(key: StoredFileKey): string {
    return join(this.config.uploadsDir, key.folder, key.name);
  }
}
