import { Global, Module } from '@nestjs/common';
import { RegistroAccesos } from './registro-accesos.service.js';

/** The access log's writer, one per instance (its group commit batches the reads of the whole instance). */
@Global()
@Module({
  providers: [RegistroAccesos],
  exports: [RegistroAccesos],
})
export class RegistroAccesosModule {}
