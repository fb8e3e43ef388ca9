import type { Readable } from 'node:stream';
import { type FileStorage, type NewFileMetadata, type StoredFileKey, StoredNameTakenError, type UploadFolder } from '../storage/file-storage.js';

/**
 * How many taken names are skipped before giving up: ten seconds' worth of same-name uploads, one
 * per millisecond, far more than uploads ever bunch up, and still a bounded number of calls.
 */
export const MAX_NAME_ATTEMPTS = 10_000;

/**
 * Stores `content` as `<ms>-<name>`, moving on to the next millisecond while the name is taken.
 * Retrying with the same stream is sound because storage refuses a taken name before reading it.
 */
export async function storeUnderFreeName(
  storage: FileStorage,
  folder: UploadFolder,
  name: string,
  content: Readable,
  metadata: NewFileMetadata,
): Promise<StoredFileKey> {
  const first = Date.now();
  for (let timestamp = first; timestamp < first + MAX_NAME_ATTEMPTS; timestamp += 1) {
    const key = { folder, name: `${timestamp}-${name}` };
    try {
      await storage.create(key, content, metadata);
      return key;
    } catch (error) {
      if (!(error instanceof StoredNameTakenError)) throw error;
    }
  }
  content.destroy();
  throw new Error(`${MAX_NAME_ATTEMPTS} names for ${name} in a row are taken`);
}
