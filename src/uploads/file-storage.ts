export const UPLOAD_FOLDERS = ['solicitudes', 'comunicados', 'documentos'] as const;

export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];

export const FILE_STORAGE = Symbol('FILE_STORAGE');

/**
 * Where uploaded files are kept. The local-disk implementation suits a single instance; an object
 * store can replace it for several (see docs/storage.md).
 */
export interface FileStorage {
  /**
   * Stores `bytes` as `<millisecond timestamp>-<name>` in `folder` and returns that stored name.
   * Never overwrites: when the name is taken, a later timestamp is used.
   */
  save(folder: UploadFolder, name: string, bytes: Buffer): Promise<string>;
}
