import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AzureBlobStorage } from './azure-blob.storage.js';
import { FILE_STORAGE, type FileStorage } from './file-storage.js';
import { LocalDiskStorage } from './local-disk.storage.js';

/** The one FileStorage of this instance, chosen by STORAGE; import the module to inject FILE_STORAGE. */
@Module({
  providers: [
    {
      provide: FILE_STORAGE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): FileStorage | Promise<FileStorage> =>
        config.storage.kind === 'azure' ? AzureBlobStorage.open(config.storage) : new LocalDiskStorage(config),
    },
  ],
  exports: [FILE_STORAGE],
})
export class StorageModule {}
