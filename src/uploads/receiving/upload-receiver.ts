import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Request } from 'express';
import { ApiError } from '../../common/api-error.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { fileNameWith, safeFileName } from '../safe-file-name.js';
import { FILE_STORAGE, type FileStorage, type StoredFileKey, type UploadFolder } from '../storage/file-storage.js';
import { invalidFile, storageFailure } from '../upload-errors.js';
import { detectUploadType, type UploadType } from '../upload-types.js';
import { readHead } from './content-head.js';
import { storeUnderFreeName } from './free-name.js';
import { type FilePart, receiveUploadForm } from './upload-form.js';
import { UploadMeter } from './upload-meter.js';

/**
 * How much of a file its type is judged by. Office files are ZIP archives whose `[Content_Types].xml`
 * usually comes first; when it does not, `file-type` guesses from the entry names it has seen.
 */
export const TYPE_SAMPLE_BYTES = 64 * 1024;

/** What the receiver stored: enough to record the file (`archivo`) without reading it again. */
export interface ReceivedUpload {
  key: StoredFileKey;
  size: number;
  /** Hex SHA-256 of the stored bytes. */
  sha256: string;
  /** The type detected from the content. */
  mime: string;
}

/**
 * Streams the one `file` part of an upload form into storage: its type is judged by its first bytes,
 * its size and SHA-256 are measured on the way, and no more than a few chunks are ever held in memory.
 */
@Injectable()
export class UploadReceiver {
  private readonly logger = new Logger(UploadReceiver.name);

  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  receive(request: Request, folder: UploadFolder): Promise<ReceivedUpload> {
    return receiveUploadForm(request, {
      store: (file) => this.store(folder, file),
      discard: (upload) => this.storage.delete(upload.key),
    });
  }

  private async store(folder: UploadFolder, file: FilePart): Promise<ReceivedUpload> {
    const meter = new UploadMeter(this.config.uploadMaxBytes);
    file.content.pipe(meter);
    file.content.on('error', (error) => meter.destroy(error));
    const { head, whole } = await readHead(meter, TYPE_SAMPLE_BYTES);
    const type = await detectUploadType(head);
    const name = acceptedName(folder, type, file.filename);
    if (!type || !name) {
      meter.destroy();
      throw invalidFile();
    }
    const key = await storeUnderFreeName(this.storage, folder, name, whole, { contentType: type.mime }).catch((error: unknown) => {
      if (error instanceof ApiError) throw error;
      this.logger.error(`Could not store an upload in ${folder}: ${error instanceof Error ? error.message : String(error)}`);
      throw storageFailure();
    });
    return { key, size: meter.size, sha256: meter.sha256, mime: type.mime };
  }
}

/**
 * The safe name to store the file under, or undefined when its content is not a type this folder
 * accepts or its extension names another type. A name without an extension gets the content's.
 */
function acceptedName(folder: UploadFolder, type: UploadType | undefined, filename: string): string | undefined {
  const { stem, extension } = safeFileName(filename);
  if (!type?.folders.includes(folder)) return undefined;
  if (extension && !type.extensions.includes(extension)) return undefined;
  return fileNameWith(stem, extension || type.extensions[0]);
}
