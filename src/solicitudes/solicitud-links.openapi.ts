import { ApiCreatedResponse, ApiOkResponse } from '@nestjs/swagger';
import { SolicitudCreadaDto, SolicitudResponseDto } from './dto/solicitud.response.js';

/**
 * OpenAPI links for the request's flow, create → read → approve, reject or cancel, so stateful
 * testers and generated clients can follow it; `id` is the runtime expression naming the request.
 */
function solicitudLinks(id: string) {
  const to = (operationId: string, description: string) => ({ operationId, parameters: { id }, description });
  return {
    LeerSolicitud: to('SolicitudesController_get', 'Read this request.'),
    HistorialSolicitud: to('SolicitudesController_history', 'Its state history.'),
    AprobarSolicitud: to('SolicitudesController_approve', 'Approve it (admin).'),
    RechazarSolicitud: to('SolicitudesController_reject', 'Reject it (admin).'),
    CancelarSolicitud: to('SolicitudesController_cancel', 'Cancel it (its owner).'),
  };
}

export const ApiSolicitudCreada = () => ApiCreatedResponse({ type: SolicitudCreadaDto, links: solicitudLinks('$response.body#/id_solicitud') });

export const ApiSolicitudLeida = () => ApiOkResponse({ type: SolicitudResponseDto, links: solicitudLinks('$request.path.id') });
