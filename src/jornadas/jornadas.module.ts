import { Module } from '@nestjs/common';
import { EmpleadoJornadasRepository } from './empleado-jornadas.repository.js';
import { JornadasController } from './jornadas.controller.js';
import { JornadasRepository } from './jornadas.repository.js';
import { JornadasService } from './jornadas.service.js';

@Module({
  controllers: [JornadasController],
  providers: [JornadasRepository, JornadasService, EmpleadoJornadasRepository],
  exports: [EmpleadoJornadasRepository],
})
export class JornadasModule {}
