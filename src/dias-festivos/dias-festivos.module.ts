import { Module } from '@nestjs/common';
import { DiasFestivosController } from './dias-festivos.controller.js';
import { DiasFestivosRepository } from './dias-festivos.repository.js';
import { DiasFestivosService } from './dias-festivos.service.js';

@Module({
  controllers: [DiasFestivosController],
  providers: [DiasFestivosRepository, DiasFestivosService],
  exports: [DiasFestivosRepository],
})
export class DiasFestivosModule {}
