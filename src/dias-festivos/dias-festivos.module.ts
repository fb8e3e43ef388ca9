import { Module } from '@nestjs/common';
import { CalendarioLaboralModule } from '../calendario-laboral/calendario-laboral.module.js';
import { DiasFestivosController } from './dias-festivos.controller.js';
import { DiasFestivosRepository } from './dias-festivos.repository.js';
import { DiasFestivosService } from './dias-festivos.service.js';

@Module({
  imports: [CalendarioLaboralModule],
  controllers: [DiasFestivosController],
  providers: [DiasFestivosRepository, DiasFestivosService],
})
export class DiasFestivosModule {}
