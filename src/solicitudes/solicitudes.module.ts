import { Module } from '@nestjs/common';
import { AprobacionesModule } from '../aprobaciones/aprobaciones.module.js';
import { CalendarioLaboralModule } from '../calendario-laboral/calendario-laboral.module.js';
import { EmpleadosModule } from '../empleados/empleados.module.js';
import { NotificacionesModule } from '../notificaciones/notificaciones.module.js';
import { ArchivosModule } from '../uploads/archivos.module.js';
import { FichajesModule } from '../fichajes/fichajes.module.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { CancelacionesRepository } from './cancelaciones.repository.js';
import { CorreccionFichajeCreationService } from './correccion-fichaje-creation.service.js';
import { PropuestaEmpresaDecisionService } from './correccion-fichaje-propuesta.service.js';
import { SolicitudCancellationService } from './solicitud-cancellation.service.js';
import { SolicitudCreationService } from './solicitud-creation.service.js';
import { SolicitudDecisionService } from './solicitud-decision.service.js';
import { SolicitudesController } from './solicitudes.controller.js';
import { SolicitudesQueryService } from './solicitudes-query.service.js';
import { SolicitudesRepository } from './solicitudes.repository.js';

@Module({
  imports: [AprobacionesModule, EmpleadosModule, NotificacionesModule, CalendarioLaboralModule, ArchivosModule, FichajesModule, WebhooksModule],
  controllers: [SolicitudesController],
  providers: [
    SolicitudesRepository,
    CancelacionesRepository,
    SolicitudCancellationService,
    SolicitudCreationService,
    SolicitudDecisionService,
    SolicitudesQueryService,
    CorreccionFichajeCreationService,
    PropuestaEmpresaDecisionService,
  ],
  exports: [SolicitudCreationService, SolicitudDecisionService, SolicitudesRepository, CorreccionFichajeCreationService],
})
export class SolicitudesModule {}
