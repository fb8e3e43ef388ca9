import { Module } from '@nestjs/common';
import { CorreoModule } from '../correo/correo.module.js';
import { AprobacionesRepository } from './aprobaciones.repository.js';
import { AprobacionesService } from './aprobaciones.service.js';
import { PuedeDecidirGuard } from './puede-decidir.guard.js';

@Module({
  imports: [CorreoModule],
  providers: [AprobacionesRepository, AprobacionesService, PuedeDecidirGuard],
  exports: [AprobacionesService, PuedeDecidirGuard],
})
export class AprobacionesModule {}
