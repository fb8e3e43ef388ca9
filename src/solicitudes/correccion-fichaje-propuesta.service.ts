import { HttpStatus, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { rolNoPermitido } from '../auth/roles.guard.js';
import { EstadoSolicitudId } from '../catalogs/estado-solicitud.entity.js';
import { RolId } from '../catalogs/rol.entity.js';
import { TipoNotificacionId } from '../catalogs/tipo-notificacion.entity.js';
import { apiError } from '../common/api-error.js';
import { fechaEnFrase } from '../common/calendar-date.js';
import { CorreccionFichajeService } from '../fichajes/correccion-fichaje.service.js';
import { NotificacionesRepository } from '../notificaciones/notificaciones.repository.js';
import { estadoInvalido, solicitudNoEncontrada } from './solicitud-errors.js';
import { type SolicitudBloqueada, SolicitudesRepository } from './solicitudes.repository.js';

type Veredicto = EstadoSolicitudId.Aprobada | EstadoSolicitudId.Rechazada;

const RESPUESTAS = {
  [EstadoSolicitudId.Aprobada]: { verbo: 'aceptó', participio: 'aceptada' },
  [EstadoSolicitudId.Rechazada]: { verbo: 'rechazó', participio: 'rechazada' },
} as const;

/**
 * A correction of the register the company proposed: it needs the worker's consent, so its owner alone accepts
 * (aprobar) or rejects (rechazar) it, and its proposer alone withdraws it (cancelar). Runs inside
 * SolicitudDecisionService's transaction, after the request row is locked.
 */
@Injectable()
export class PropuestaEmpresaDecisionService {
  constructor(
    private readonly solicitudes: SolicitudesRepository,
    private readonly registro: CorreccionFichajeService,
    private readonly notificaciones: NotificacionesRepository,
  ) {}

  /** The owner's answer; anyone else, Admins and managers included, gets the spec's role 403. */
  async decide(manager: EntityManager, solicitud: SolicitudBloqueada, caller: AuthenticatedEmployee, veredicto: Veredicto, comentario: string | null): Promise<string> {
    if (solicitud.id_empleado !== caller.id_empleado) throw rolNoPermitido();
    if (solicitud.id_estado_solicitud !== EstadoSolicitudId.Pendiente) throw estadoInvalido();
    if (veredicto === EstadoSolicitudId.Aprobada) await this.registro.aplicar(manager, solicitud.id_solicitud);
    await this.solicitudes.recordDecision(manager, { idSolicitud: solicitud.id_solicitud, estado: veredicto, idRevisor: caller.id_empleado, comentario });
    await this.solicitudes.insertHistory(manager, { idSolicitud: solicitud.id_solicitud, anterior: EstadoSolicitudId.Pendiente, nuevo: veredicto, idActor: caller.id_empleado, comentario });
    const { verbo, participio } = RESPUESTAS[veredicto];
    await this.notificaciones.insert(manager, {
      idUsuario: solicitud.id_proponente!,
      tipo: TipoNotificacionId.CorreccionFichaje,
      titulo: `Corrección de fichaje ${participio}`,
      mensaje: `${caller.nombre} ${verbo} la corrección de su jornada del ${fechaEnFrase(solicitud.fecha_inicio!)}.${comentario ? ` Comentario: ${comentario}` : ''}`,
      idRemitente: caller.id_empleado,
      idSolicitud: solicitud.id_solicitud,
    });
    return `Corrección de fichaje ${participio} correctamente.`;
  }

  /** The proposer withdraws a pending proposal, and the worker is told; the worker answers it instead, and others may not learn of it. */
  async withdraw(manager: EntityManager, solicitud: SolicitudBloqueada, caller: AuthenticatedEmployee, comentario: string | null): Promise<string> {
    if (solicitud.id_proponente !== caller.id_empleado) {
      if (solicitud.id_empleado !== caller.id_empleado && caller.rol.id_rol === RolId.Empleado) throw solicitudNoEncontrada();
      throw apiError(
        HttpStatus.FORBIDDEN,
        'solo_el_proponente',
        'Solo quien propuso la corrección puede retirarla; quien trabaja la jornada la acepta o la rechaza.',
      );
    }
    if (solicitud.id_estado_solicitud !== EstadoSolicitudId.Pendiente) throw estadoInvalido();
    await this.solicitudes.recordDecision(manager, { idSolicitud: solicitud.id_solicitud, estado: EstadoSolicitudId.Cancelada, idRevisor: null, comentario: null });
    await this.solicitudes.insertHistory(manager, {
      idSolicitud: solicitud.id_solicitud,
      anterior: EstadoSolicitudId.Pendiente,
      nuevo: EstadoSolicitudId.Cancelada,
      idActor: caller.id_empleado,
      comentario,
    });
    // The worker was asked to answer it: they learn it no longer waits on them.
    await this.notificaciones.insert(manager, {
      idUsuario: solicitud.id_empleado,
      tipo: TipoNotificacionId.CorreccionFichaje,
      titulo: 'Corrección de fichaje retirada',
      mensaje: `${caller.nombre} retiró la corrección que proponía de tu jornada del ${fechaEnFrase(solicitud.fecha_inicio!)}; ya no tienes que responderla.${comentario ? ` Comentario: ${comentario}` : ''}`,
      idRemitente: caller.id_empleado,
      idSolicitud: solicitud.id_solicitud,
    });
    return 'Solicitud cancelada correctamente.';
  }
}
