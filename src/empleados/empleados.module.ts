import { Module } from '@nestjs/common';
import { CalendarioLaboralModule } from '../calendario-laboral/calendario-laboral.module.js';
import { JornadasModule } from '../jornadas/jornadas.module.js';
import { ArchivosModule } from '../uploads/archivos.module.js';
import { EmpleadoJornadasController } from './empleado-jornadas.controller.js';
import { EmpleadoJornadasService } from './empleado-jornadas.service.js';
import { EmpleadoCambiosService } from './empleado-cambios.service.js';
import { EmpleadosAdminController } from './empleados-admin.controller.js';
import { DeduccionesVacacionesRepository } from './deducciones-vacaciones.repository.js';
import { EmpleadosController } from './empleados.controller.js';
import { EmpleadosRepository } from './empleados.repository.js';
import { EmpleadosService } from './empleados.service.js';
import { HistorialEmpleadoRepository } from './historial-empleado.repository.js';
import { VacacionesController } from './vacaciones.controller.js';
import { VacacionesRepository } from './vacaciones.repository.js';
import { VacacionesService } from './vacaciones.service.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';

@Module({
  imports: [ArchivosModule, CalendarioLaboralModule, JornadasModule, WebhooksModule],
  // The admin controller's `:id` routes come last, after the `me` ones.
  controllers: [VacacionesController, EmpleadosController, EmpleadoJornadasController, EmpleadosAdminController],
  providers: [EmpleadosRepository, VacacionesRepository, DeduccionesVacacionesRepository, HistorialEmpleadoRepository, VacacionesService, EmpleadosService, EmpleadoCambiosService, EmpleadoJornadasService],
  exports: [EmpleadosRepository, VacacionesRepository, DeduccionesVacacionesRepository],
})
export class EmpleadosModule {}
