import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { FILE_STORAGE } from './storage/file-storage.js';
import { LocalDiskStorage } from './storage/local-disk.storage.js';
import { UploadsStaticFiles } from './uploads-static-files.js';
import { UploadsController } from './uploads.controller.js';
import { UploadsService } from './uploads.service.js';

/** Text parts a form may carry beside its one file; the endpoints read none of them. */
const MAX_FIELDS = 10;

@Module({
  imports: [
    // No storage engine: multer keeps the file in memory, so nothing reaches the disk before it is validated.
    MulterModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        // `parts` counts the parts busboy skips too (no Content-Disposition), which no other limit counts.
        limits: { fileSize: config.uploadMaxBytes, files: 1, fields: MAX_FIELDS, fieldSize: 1024, parts: MAX_FIELDS + 1 },
        defParamCharset: 'utf8',
      }),
    }),
  ],
  controllers: [UploadsController],
  providers: [UploadsService, UploadsStaticFiles, { provide: FILE_STORAGE, useClass: LocalDiskStorage }],
})
export class UploadsModule {}
