import type { Readable } from 'node:stream';
import type { UploadFolder } from '../../catalogs/upload-folder.js';

export { UPLOAD_FOLDERS, type UploadFolder } from '../../catalogs/upload-folder.js';

export const FILE_STORAGE = Symbol('FILE_STORAGE');

/** Where a stored file lives: its folder and its stored name `<ms>-<safe name>` (the last segment of its URL). */
export interface StoredFileKey {
  folder: UploadFolder;
  name: string;
}

/** Bytes `start` to `end`, both included, as an HTTP Range names them. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredFile {
  /** The whole file's size in bytes. */
  size: number;
  /** The file's bytes, or the requested range's. */
  body: Readable;
}

export interface NewFileMetadata {
  contentType: string;
}

/** `create` found the name taken: nothing was written, and the file already there is untouched. */
export class StoredNameTakenError extends Error {
  constructor(key: StoredFileKey) {
    super(`${key.folder}/${key.name} already exists`);
  }
}

/**
 * Where uploaded files are kept: the local disk (one instance, or a shared volume) or Azure Blob
 * Storage (any number of instances). Every instance reads every file through it.
 */
export interface FileStorage {
  /**
   * Writes `content` under `key`, create-only: a taken name rejects with StoredNameTakenError before
   * any of `content` is read (so the caller may offer the same stream under another name) and is never
   * overwritten. The name is claimed first by an empty entry, which reads as no file, and the whole
   * file replaces it at once. A write that fails or whose `content` errors leaves no file behind.
   */
  create(key: StoredFileKey, content: Readable, metadata: NewFileMetadata): Promise<void>;
  /** The file, or `range` of it (within its size); null when there is no such file or it is still being written. */
  read(key: StoredFileKey, range?: ByteRange): Promise<StoredFile | null>;
  /** The file's size in bytes, without reading it; null as `read` would answer null. */
  size(key: StoredFileKey): Promise<number | null>;
  /** Removes the file; one already gone is no error. */
  delete(key: StoredFileKey): Promise<void>;
  /** Rejects when the storage cannot be reached: readiness reports it. */
  check(): Promise<void>;
}
