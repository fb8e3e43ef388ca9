import { Readable } from 'node:stream';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import type { UploadResultDto } from './dto/upload-result.dto.js';
import { FILE_STORAGE, type FileStorage, StoredNameTakenError, type UploadFolder } from './storage/file-storage.js';
import { fileNameWith, safeFileName } from './safe-file-name.js';
import { invalidFile, storageFailure } from './upload-errors.js';
import { detectUploadType } from './upload-types.js';

/** The part of a multer file this service reads (memory storage). */
export interface ReceivedFile {
  originalname: string;
  buffer: Buffer;
}

@Injectable()
export class UploadsService {
  private readonly logger = new Logger(UploadsService.name);

  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async store(folder: UploadFolder, file: ReceivedFile | undefined): Promise<UploadResultDto> {
    if (!file) throw invalidFile();
    const name = await acceptedName(folder, file);
    if (!name) throw invalidFile();
    const stored = await this.saveUnderFreeName(folder, name, file.buffer).catch((error: unknown) => {
      this.logger.error(`Could not store an upload in ${folder}: ${error instanceof Error ? error.message : String(error)}`);
      throw storageFailure();
    });
    return { success: true, message: 'Archivo subido correctamente.', url: `${this.config.publicBaseUrl}/uploads/${folder}/${stored}` };
  }

  /** `<ms>-<name>`, moving on to the next millisecond while the name is taken. */
  private async saveUnderFreeName(folder: UploadFolder, name: string, bytes: Buffer): Promise<string> {
    const first = Date.now();
    for (let timestamp = first; timestamp < first + MAX_NAME_ATTEMPTS; timestamp += 1) {
      const stored = `${timestamp}-${name}`;
      try {
        await this.storage.create({ folder, name: stored }, Readable.from([bytes]), { contentType: 'application/octet-stream' });
        return stored;
      } catch (error) {
        if (!(error instanceof StoredNameTakenError)) throw error;
      }
    }
    throw new Error(`${MAX_NAME_ATTEMPTS} names for ${name} in a row are taken`);
  }
}

/**
 * How many taken names are skipped before giving up: ten seconds' worth of same-name uploads, one
 * per millisecond, far more than uploads ever bunch up, and still a bounded number of calls.
 */
export const MAX_NAME_ATTEMPTS = 10_000;

/**
 * The safe name to store the file under, or undefined when its content is not a type this folder
 * accepts or its extension names another type. A name without an extension gets the content's.
 */
async function acceptedName(folder: UploadFolder, file: ReceivedFile): Promise<string | undefined> {
  const type = await detectUploadType(file.buffer);
  const { stem, extension } = safeFileName(file.originalname);
  if (!type?.folders.includes(folder)) return undefined;
  if (extension && !type.extensions.includes(extension)) return undefined;
  return fileNameWith(stem, extension || type.extensions[0]);
}
