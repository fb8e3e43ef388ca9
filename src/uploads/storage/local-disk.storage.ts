import { randomUUID } from 'node:crypto';
import { constants, createWriteStream, type Stats } from 'node:fs';
import { access, mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { type ByteRange, type FileStorage, type StoredFile, type StoredFileKey, StoredNameTakenError } from './file-storage.js';

function nullWhenMissing(error: NodeJS.ErrnoException): null {
  if (error.code === 'ENOENT') return null;
  throw error;
}

/** Empty: a name claimed by a write still under way (uploads are never empty). */
const isWholeFile = (found: Stats): boolean => found.isFile() && found.size > 0;

/** Files under UPLOADS_DIR/<folder>/<name>. */
@Injectable()
export class LocalDiskStorage implements FileStorage {
  constructor(@Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'uploadsDir'>) {}

  async create(key: StoredFileKey, content: Readable): Promise<void> {
    const directory = join(this.config.uploadsDir, key.folder);
    await mkdir(directory, { recursive: true });
    const path = this.pathOf(key);
    // `wx` fails on an existing name instead of replacing it: the empty file claims the name.
    await writeFile(path, '', { flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'EEXIST' ? new StoredNameTakenError(key) : error;
    });
    // A dotfile is never a stored name; renaming it over the claim makes the file appear whole.
    const temporary = join(directory, `.${randomUUID()}.part`);
    try {
      // `flush` fsyncs before closing: the name shows only bytes that are on disk.
      await pipeline(content, createWriteStream(temporary, { flags: 'wx', flush: true }));
      await rename(temporary, path);
    } catch (error) {
      await rm(path, { force: true }).catch(() => undefined);
      throw error;
    } finally {
      // Failing to remove the dotfile must not turn a stored upload into an error.
      await rm(temporary, { force: true }).catch(() => undefined);
    }
  }

  async read(key: StoredFileKey, range?: ByteRange): Promise<StoredFile | null> {
    // Size and bytes come from one open handle: a file removed meanwhile is either whole or null, never a stream that fails.
    const handle = await open(this.pathOf(key), 'r').catch(nullWhenMissing);
    if (!handle) return null;
    const found = await handle.stat();
    if (!isWholeFile(found)) {
      await handle.close();
      return null;
    }
    return { size: found.size, body: handle.createReadStream(range) };
  }

  async size(key: StoredFileKey): Promise<number | null> {
    const found = await stat(this.pathOf(key)).catch(nullWhenMissing);
    return found && isWholeFile(found) ? found.size : null;
  }

  async delete(key: StoredFileKey): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async check(): Promise<void> {
    await mkdir(this.config.uploadsDir, { recursive: true });
    await access(this.config.uploadsDir, constants.W_OK);
  }

  private pathOf(key: StoredFileKey): string {
    return join(this.config.uploadsDir, key.folder, key.name);
  }
}
