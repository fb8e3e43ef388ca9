import { Module } from '@nestjs/common';
import { AprobacionesModule } from '../aprobaciones/aprobaciones.module.js';
import { CalendarioLaboralModule } from '../calendario-laboral/calendario-laboral.module.js';
import { FichajesController } from './fichajes.controller.js';
import { FichajesRepository } from './fichajes.repository.js';
import { FichajesService } from './fichajes.service.js';
import { PeriodoService } from './periodo.service.js';
import { VerificacionService } from './verificacion.service.js';

/** The working-time register (registro de jornada, ET art. 34.9): clocking and its hash chain. */
@Module({
  imports: [AprobacionesModule, CalendarioLaboralModule],
  controllers: [FichajesController],
  providers: [FichajesRepository, FichajesService, PeriodoService, VerificacionService],
})
export class FichajesModule {}
