import { Module } from '@nestjs/common';
import { DiasFestivosRepository } from './dias-festivos.repository.js';

@Module({
  providers: [DiasFestivosRepository],
  exports: [DiasFestivosRepository],
})
export class DiasFestivosModule {}
