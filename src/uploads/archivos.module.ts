import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../config/app-config.js';
import { FileAccess } from './access/file-access.js';
import { FileLinks } from './access/file-links.js';
import { FILE_SIGNING_KEY, fileSigningKey } from './access/file-signing-key.js';
import { ArchivosRepository } from './archivos.repository.js';
import { UrlFieldRules } from './url-field-rules.js';

/** The registry of uploaded files, what may reference them, who may read them, and their signed links. */
@Module({
  providers: [{ provide: FILE_SIGNING_KEY, inject: [APP_CONFIG], useFactory: fileSigningKey }, FileLinks, ArchivosRepository, FileAccess, UrlFieldRules],
  exports: [FileLinks, ArchivosRepository, FileAccess, UrlFieldRules],
})
export class ArchivosModule {}
