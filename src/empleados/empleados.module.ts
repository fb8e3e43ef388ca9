import { Module } from '@nestjs/common';
import { EmpleadosController } from './empleados.controller.js';
import { EmpleadosRepository } from './empleados.repository.js';

@Module({
  controllers: [EmpleadosController],
  providers: [EmpleadosRepository],
  exports: [EmpleadosRepository],
})
export class EmpleadosModule {}
