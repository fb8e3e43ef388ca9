import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module.js';
import { StorageModule } from '../uploads/storage/storage.module.js';
import { PrivacidadRetencionService } from './privacidad-retencion.service.js';

/** Blocking and purge of personal data past its retention (LOPDGDD art. 32); above every feature whose rows it moves. */
@Module({
  imports: [JobsModule, StorageModule],
  providers: [PrivacidadRetencionService],
  exports: [PrivacidadRetencionService],
})
export class PrivacidadRetencionModule {}
