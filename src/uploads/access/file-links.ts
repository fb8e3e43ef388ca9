import { Inject, Injectable } from '@nestjs/common';
import { UPLOAD_FOLDERS } from '../../catalogs/upload-folder.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { StoredFileKey, UploadFolder } from '../storage/file-storage.js';
import { FILE_SIGNING_KEY, signingKeyBytes } from './file-signing-key.js';
import { isValidLinkSignature, signLink } from './signed-link.js';

/** How a response mapper turns a stored URL into the one it returns. */
export type UrlForViewer = (url: string | null) => string | null;

/** `<folder>/<ms>-<safe name>` after `/uploads/`: the only names the service stores (archivo.nombre holds 200). */
const STORED_FILE = new RegExp(`^(${UPLOAD_FOLDERS.join('|')})/([0-9]{1,20}-[A-Za-z0-9._-]{1,179})$`);

/** The URLs of stored files: which file a URL names, whether its folder is public, and signed links to private ones. */
@Injectable()
export class FileLinks {
  private readonly uploadsPrefix: string;
  /** The signing key, then during a rotation the one it replaces, whose links open until they expire. */
  private readonly verifyingKeys: Buffer[];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(FILE_SIGNING_KEY) private readonly key: Buffer,
  ) {
    this.uploadsPrefix = `${config.publicBaseUrl}/uploads/`;
    const previous = config.files.previousSigningKey;
    this.verifyingKeys = previous ? [key, signingKeyBytes(previous)] : [key];
  }

  urlOf(file: StoredFileKey): string {
    return `${this.uploadsPrefix}${file.folder}/${file.name}`;
  }

  /** The stored file an unsigned URL of this service names, or null for any other URL. */
  storedFileOf(url: string): StoredFileKey | null {
    if (!url.startsWith(this.uploadsPrefix)) return null;
    const match = STORED_FILE.exec(url.slice(this.uploadsPrefix.length));
    return match ? { folder: match[1] as UploadFolder, name: match[2] } : null;
  }

  /** Whether the URL points into this service (where only stored files are links worth keeping). */
  isOwnUrl(url: string): boolean {
    return url.startsWith(`${this.config.publicBaseUrl}/`);
  }

  isPublic(folder: UploadFolder): boolean {
    return this.config.files.publicFolders.includes(folder);
  }

  /**
   * The URL to give someone who may see the file: a private stored file's with a fresh signature
   * (`?firma=…&expira=…`), so an `<a href>` or `<img src>` opens it without headers; any other as stored.
   */
  readonly forViewer: UrlForViewer = (url) => {
    const file = url === null ? null : this.storedFileOf(url);
    if (!file || this.isPublic(file.folder)) return url;
    const { firma, expira } = signLink(this.key, file, Date.now());
    return `${url}?firma=${firma}&expira=${expira}`;
  };

  hasValidSignature(file: StoredFileKey, query: { firma?: unknown; expira?: unknown }): boolean {
    const now = Date.now();
    return this.verifyingKeys.some((key) => isValidLinkSignature(key, file, query.firma, query.expira, now));
  }
}
