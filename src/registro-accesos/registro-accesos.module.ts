import { Global, Module } from '@nestjs/common';
import { AccesosController } from './accesos.controller.js';
import { AccesosRepository } from './accesos.repository.js';
import { AccesosService } from './accesos.service.js';
import { RegistroAccesos } from './registro-accesos.service.js';

/**
 * The access log: its writer, one per instance (its group commit batches the reads of the whole instance), and
 * the worker's view of it. Imported before EmpleadosModule, so `me/accesos` is routed before the admin `:id`.
 */
@Global()
@Module({
  controllers: [AccesosController],
  providers: [RegistroAccesos, AccesosRepository, AccesosService],
  exports: [RegistroAccesos],
})
export class RegistroAccesosModule {}
