import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import type { UploadResultDto } from './dto/upload-result.dto.js';
import { FILE_STORAGE, type FileStorage, type UploadFolder } from './file-storage.js';
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
    const stored = await this.storage.save(folder, name, file.buffer).catch((error: unknown) => {
      this.logger.error(`Could not store an upload in ${folder}: ${error instanceof Error ? error.message : String(error)}`);
      throw storageFailure();
    });
    return { success: true, message: 'Archivo subido correctamente.', url: `${this.config.publicBaseUrl}/uploads/${folder}/${stored}` };
  }
}

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
