import { Module } from '@nestjs/common';
import { ArchivosCleanup } from './archivos-cleanup.service.js';
import { ArchivosModule } from './archivos.module.js';
import { UploadReceiver } from './receiving/upload-receiver.js';
import { StoredFileSender } from './serving/stored-file-sender.js';
import { UploadedFilesController } from './serving/uploaded-files.controller.js';
import { StorageModule } from './storage/storage.module.js';
import { UploadAllowance } from './upload-allowance.js';
import { UploadsController } from './uploads.controller.js';
import { UploadsService } from './uploads.service.js';

@Module({
  imports: [StorageModule, ArchivosModule],
  controllers: [UploadsController, UploadedFilesController],
  providers: [UploadsService, UploadAllowance, UploadReceiver, StoredFileSender, ArchivosCleanup],
  exports: [ArchivosCleanup],
})
export class UploadsModule {}
