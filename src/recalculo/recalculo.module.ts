import { Module } from '@nestjs/common';
import { CalendarioLaboralModule } from '../calendario-laboral/calendario-laboral.module.js';
import { EmpleadosModule } from '../empleados/empleados.module.js';
import { NotificacionesModule } from '../notificaciones/notificaciones.module.js';
import { RecalculoRepository } from './recalculo.repository.js';
import { RecalculoService } from './recalculo.service.js';

/** Above requests and balances: recounts them when the working calendar changes (see CambiosDeCalendario). */
@Module({
  imports: [CalendarioLaboralModule, EmpleadosModule, NotificacionesModule],
  providers: [RecalculoRepository, RecalculoService],
})
export class RecalculoModule {}
