import { Module } from '@nestjs/common';
import { FichajesController } from './fichajes.controller.js';
import { FichajesRepository } from './fichajes.repository.js';
import { FichajesService } from './fichajes.service.js';
import { VerificacionService } from './verificacion.service.js';

/** The working-time register (registro de jornada, ET art. 34.9): clocking and its hash chain. */
@Module({
  controllers: [FichajesController],
  providers: [FichajesRepository, FichajesService, VerificacionService],
})
export class FichajesModule {}
