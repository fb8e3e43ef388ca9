import { HttpException, Inject, Injectable, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { FileLinks } from './access/file-links.js';
import type { UploadResultDto } from './dto/upload-result.dto.js';
import { type ReceivedUpload, UploadReceiver } from './receiving/upload-receiver.js';
import { FILE_STORAGE, type FileStorage, type UploadFolder } from './storage/file-storage.js';
import { UploadAllowance } from './upload-allowance.js';
import { storageFailure } from './upload-errors.js';
import { countUploadBytes } from '../telemetry/service-metrics.js';

@Injectable()
export class UploadsService {
  private readonly logger = new Logger(UploadsService.name);

  constructor(
    private readonly receiver: UploadReceiver,
    private readonly allowance: UploadAllowance,
    private readonly links: FileLinks,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** Within the uploader's allowance (429 otherwise), the file is stored and recorded as theirs. */
  async store(folder: UploadFolder, request: Request, response: Response, uploader: AuthenticatedEmployee): Promise<UploadResultDto> {
    const idArchivo = await this.allowance.begin(uploader.id_empleado, folder, response);
    const upload = await this.receiver.receive(request, folder).catch(async (error: unknown) => {
      await this.allowance.release(idArchivo).catch(() => undefined);
      throw error;
    });
    await this.record(idArchivo, upload, uploader, response);
    countUploadBytes(folder, upload.size);
    return { success: true, message: 'Archivo subido correctamente.', url: this.links.urlOf(upload.key) };
  }

  /** A file that could not be recorded cannot be referenced either: it goes back out of storage. */
  private async record(idArchivo: number, upload: ReceivedUpload, uploader: AuthenticatedEmployee, response: Response): Promise<void> {
    try {
      await this.allowance.complete(idArchivo, uploader.id_empleado, upload, response);
    } catch (error) {
      await this.storage.delete(upload.key).catch(() => undefined);
      await this.allowance.release(idArchivo).catch(() => undefined);
      if (error instanceof HttpException) throw error;
      this.logger.error(`Could not record the upload ${upload.key.folder}/${upload.key.name}: ${(error as Error).message}`);
      throw storageFailure();
    }
  }
}
