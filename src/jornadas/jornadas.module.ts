import { Module } from '@nestjs/common';
import { CalendarioLaboralModule } from '../calendario-laboral/calendario-laboral.module.js';
import { EmpleadoJornadasRepository } from './empleado-jornadas.repository.js';
import { JornadasController } from './jornadas.controller.js';
import { JornadasRepository } from './jornadas.repository.js';
import { JornadasService } from './jornadas.service.js';

@Module({
  imports: [CalendarioLaboralModule],
  controllers: [JornadasController],
  providers: [JornadasRepository, JornadasService, EmpleadoJornadasRepository],
  exports: [EmpleadoJornadasRepository],
})
export class JornadasModule {}
