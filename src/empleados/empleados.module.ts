import { Module } from '@nestjs/common';
import { EmpleadosController } from './empleados.controller.js';
import { EmpleadosRepository } from './empleados.repository.js';
import { EmpleadosService } from './empleados.service.js';
import { VacacionesController } from './vacaciones.controller.js';
import { VacacionesRepository } from './vacaciones.repository.js';
import { VacacionesService } from './vacaciones.service.js';

@Module({
  controllers: [VacacionesController, EmpleadosController],
  providers: [EmpleadosRepository, VacacionesRepository, VacacionesService, EmpleadosService],
  exports: [EmpleadosRepository, VacacionesRepository],
})
export class EmpleadosModule {}
