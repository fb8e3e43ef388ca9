import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { storedFileKeyOf } from '../uploads/serving/stored-file-path.js';
import { type FileStorage, type StoredFileKey, StoredNameTakenError, UPLOAD_FOLDERS } from '../uploads/storage/file-storage.js';
import { uploadTypeOfName } from '../uploads/upload-types.js';
import type { Output } from './cli-runner.js';

export interface MigrationCounts {
  copied: number;
  alreadyThere: number;
  /** Entries that are no stored upload: temporary dotfiles, other names, sub-folders. */
  ignored: number;
  /** Names already in the container with another size: left alone and listed. */
  conflicts: string[];
}

/**
 * Copies every stored upload under `uploadsDir/<folder>/` into `target` under the same key, so URLs
 * keep working. Create-only: a name already in the container is skipped (the same size) or reported
 * (another size), never overwritten, so the copy can run again after an interruption.
 */
export async function migrateUploads(uploadsDir: string, target: FileStorage, output: Output): Promise<MigrationCounts> {
  const counts: MigrationCounts = { copied: 0, alreadyThere: 0, ignored: 0, conflicts: [] };
  for (const folder of UPLOAD_FOLDERS) {
    const entries = await readdir(join(uploadsDir, folder), { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    for (const entry of entries) {
      const path = join(uploadsDir, folder, entry.name);
      const key = entry.isFile() ? storedFileKeyOf(`/uploads/${folder}/${entry.name}`) : undefined;
      // Empty: the claim of an upload that never finished.
      const size = key && (await stat(path)).size;
      if (!key || !size) {
        counts.ignored += 1;
        continue;
      }
      const outcome = await copyOne(path, size, key, target);
      if (outcome === 'conflict') counts.conflicts.push(`${folder}/${entry.name}`);
      else if (outcome === 'copied') counts.copied += 1;
      else counts.alreadyThere += 1;
    }
  }
  output.out(`Copied ${counts.copied} files; ${counts.alreadyThere} were already there; ${counts.ignored} entries are no stored upload and were left out.`);
  for (const name of counts.conflicts) output.err(`${name}: the container holds another file under this name; left as it is.`);
  return counts;
}

async function copyOne(path: string, size: number, key: StoredFileKey, target: FileStorage): Promise<'copied' | 'alreadyThere' | 'conflict'> {
  const contentType = uploadTypeOfName(key.name)!.mime;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const content = createReadStream(path);
    try {
      await target.create(key, content, { contentType });
      return 'copied';
    } catch (error) {
      content.destroy();
      if (!(error instanceof StoredNameTakenError)) throw error;
    }
    const there = await target.size(key);
    if (there !== null) return there === size ? 'alreadyThere' : 'conflict';
    // Taken but empty: the claim of a copy interrupted midway; it goes, and the copy is made again.
    await target.delete(key);
  }
  return 'conflict';
}
