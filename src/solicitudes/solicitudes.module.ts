import { Module } from '@nestjs/common';
import { DiasFestivosModule } from '../dias-festivos/dias-festivos.module.js';
import { EmpleadosModule } from '../empleados/empleados.module.js';
import { NotificacionesModule } from '../notificaciones/notificaciones.module.js';

@Module({
  imports: [EmpleadosModule, NotificacionesModule, DiasFestivosModule],
})
export class SolicitudesModule {}
