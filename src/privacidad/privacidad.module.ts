import { Module } from '@nestjs/common';
import { UploadsModule } from '../uploads/uploads.module.js';
import { BloqueadosService } from './bloqueados.service.js';
import { PrivacidadController } from './privacidad.controller.js';
import { RegistroRepository } from './registro.repository.js';
import { RegistroService } from './registro.service.js';
import { SupresionService } from './supresion.service.js';

/** Data subjects' rights and their accountability: erasure answers, the privacy registry, the blocked-data view. */
@Module({
  imports: [UploadsModule],
  controllers: [PrivacidadController],
  providers: [SupresionService, RegistroRepository, RegistroService, BloqueadosService],
})
export class PrivacidadModule {}
