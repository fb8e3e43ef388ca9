import { Module } from '@nestjs/common';
import { EmpleadosController } from './empleados.controller.js';
import { EmpleadosRepository } from './empleados.repository.js';
import { VacacionesRepository } from './vacaciones.repository.js';

@Module({
  controllers: [EmpleadosController],
  providers: [EmpleadosRepository, VacacionesRepository],
  exports: [EmpleadosRepository, VacacionesRepository],
})
export class EmpleadosModule {}
