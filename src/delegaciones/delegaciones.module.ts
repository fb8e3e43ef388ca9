import { Module } from '@nestjs/common';
import { DelegacionesController } from './delegaciones.controller.js';
import { DelegacionesRepository } from './delegaciones.repository.js';
import { DelegacionesService } from './delegaciones.service.js';
import { PuedeDelegarGuard } from './puede-delegar.guard.js';

@Module({
  controllers: [DelegacionesController],
  providers: [DelegacionesRepository, DelegacionesService, PuedeDelegarGuard],
  exports: [DelegacionesService],
})
export class DelegacionesModule {}
