import { type StoredFileKey, UPLOAD_FOLDERS, type UploadFolder } from '../storage/file-storage.js';
import { uploadTypeOfName } from '../upload-types.js';

/** `/uploads/<folder>/<ms>-<safe name>`, raw: encoded characters, `..`, dotfiles and sub-paths are no stored file. */
const STORED_FILE_PATH = new RegExp(`^/uploads/(${UPLOAD_FOLDERS.join('|')})/(\\d+-[A-Za-z0-9._-]+)$`);

/** The stored file a request path names, or undefined when the service could never have stored it there. */
export function storedFileKeyOf(path: string): StoredFileKey | undefined {
  const match = STORED_FILE_PATH.exec(path);
  if (!match || !uploadTypeOfName(match[2])) return undefined;
  return { folder: match[1] as UploadFolder, name: match[2] };
}
