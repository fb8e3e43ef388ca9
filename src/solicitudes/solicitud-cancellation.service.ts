import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { EstadoSolicitudId } from '../catalogs/estado-solicitud.entity.js';
import { TipoNotificacionId } from '../catalogs/tipo-notificacion.entity.js';
import { TipoSolicitudId } from '../catalogs/tipo-solicitud.entity.js';
import { calendarDateAt } from '../common/calendar-date.js';
import { AprobacionesService } from '../aprobaciones/aprobaciones.service.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DeduccionesVacacionesRepository } from '../empleados/deducciones-vacaciones.repository.js';
import { VacacionesRepository } from '../empleados/vacaciones.repository.js';
import { NotificacionesRepository } from '../notificaciones/notificaciones.repository.js';
import { CancelacionesRepository } from './cancelaciones.repository.js';
import { cancelacionSinDesglose, cancelacionYaPendiente, estadoInvalido, vacacionesIniciadas } from './solicitud-errors.js';
import type { SolicitudBloqueada, TramiteCancelacion } from './solicitudes.repository.js';
import { SolicitudesRepository } from './solicitudes.repository.js';
import { fechasEnFrase } from './tipos-solicitud.js';

type Veredicto = EstadoSolicitudId.Aprobada | EstadoSolicitudId.Rechazada;

const DESENLACES = {
  [EstadoSolicitudId.Aprobada]: {
    estado: EstadoSolicitudId.Cancelada,
    tramite: 'aprobada',
    notificacion: TipoNotificacionId.Aprobacion,
    verbo: 'aprobó',
    consecuencia: 'los días vuelven a tu saldo',
  },
  [EstadoSolicitudId.Rechazada]: {
    estado: EstadoSolicitudId.Aprobada,
    tramite: 'rechazada',
    notificacion: TipoNotificacionId.Rechazo,
    verbo: 'rechazó',
    consecuencia: 'las vacaciones siguen aprobadas',
  },
} as const;

/**
 * Cancelling an approved vacation: the owner opens it, an approver decides it. Both steps run inside
 * SolicitudDecisionService's transaction, after it has locked the request row, so they take turns with
 * every other decision on the request.
 */
@Injectable()
export class SolicitudCancellationService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly solicitudes: SolicitudesRepository,
    private readonly cancelaciones: CancelacionesRepository,
    private readonly vacaciones: VacacionesRepository,
    private readonly deducciones: DeduccionesVacacionesRepository,
    private readonly notificaciones: NotificacionesRepository,
    private readonly aprobaciones: AprobacionesService,
  ) {}

  /** The owner's `cancelar` on an approved request; answers the response message. */
  async open(manager: EntityManager, solicitud: SolicitudBloqueada, owner: AuthenticatedEmployee, comentario: string | null): Promise<string> {
    if (solicitud.id_tipo_solicitud !== TipoSolicitudId.Vacaciones) throw estadoInvalido();
    if (solicitud.cancelacion_pendiente) throw cancelacionYaPendiente();
    this.refuseStarted(solicitud);
    if (!(await this.deducciones.isRecorded(manager, solicitud.id_solicitud))) throw cancelacionSinDesglose();
    await this.cancelaciones.mark(manager, solicitud.id_solicitud, true, EstadoSolicitudId.Aprobada);
    await this.recordStep(manager, solicitud.id_solicitud, EstadoSolicitudId.Aprobada, owner, comentario, 'solicitada');
    await this.aprobaciones.onCancellationRequested(manager, solicitud.id_solicitud);
    return 'Cancelación solicitada: queda pendiente de aprobación.';
  }

  /** An approver's `aprobar` or `rechazar` on a request whose cancellation is pending; answers the response message. */
  async decide(
    manager: EntityManager,
    solicitud: SolicitudBloqueada,
    reviewer: AuthenticatedEmployee,
    veredicto: Veredicto,
    comentario: string | null,
  ): Promise<string> {
    const desenlace = DESENLACES[veredicto];
    if (veredicto === EstadoSolicitudId.Aprobada) {
      this.refuseStarted(solicitud);
      await this.vacaciones.lockAllocations(manager, solicitud.id_empleado);
      await this.deducciones.giveBack(manager, solicitud.id_solicitud);
    }
    await this.cancelaciones.mark(manager, solicitud.id_solicitud, false, desenlace.estado);
    await this.recordStep(manager, solicitud.id_solicitud, desenlace.estado, reviewer, comentario, desenlace.tramite);
    await this.notificaciones.insert(manager, {
      idUsuario: solicitud.id_empleado,
      tipo: desenlace.notificacion,
      titulo: `Cancelación ${desenlace.tramite}`,
      mensaje:
        `${reviewer.nombre} ${desenlace.verbo} la cancelación de tu solicitud de vacaciones${fechasEnFrase(solicitud)}: ${desenlace.consecuencia}.` +
        (comentario ? ` Comentario: ${comentario}` : ''),
      idRemitente: reviewer.id_empleado,
      idSolicitud: solicitud.id_solicitud,
    });
    return veredicto === EstadoSolicitudId.Aprobada
      ? 'Cancelación aprobada: la solicitud queda cancelada y los días vuelven al saldo.'
      : 'Cancelación rechazada: las vacaciones siguen aprobadas.';
  }

  /** Every step starts from an approved request. */
  private recordStep(
    manager: EntityManager,
    idSolicitud: number,
    nuevo: EstadoSolicitudId,
    actor: AuthenticatedEmployee,
    comentario: string | null,
    cancelacion: TramiteCancelacion,
  ): Promise<void> {
    return this.solicitudes.insertHistory(manager, { idSolicitud, anterior: EstadoSolicitudId.Aprobada, nuevo, idActor: actor.id_empleado, comentario, cancelacion });
  }

  /** A leave that has begun (its first day is today or earlier in COMPANY_TIMEZONE) is not cancelled this way. */
  private refuseStarted(solicitud: SolicitudBloqueada): void {
    if (solicitud.fecha_inicio! <= calendarDateAt(new Date(), this.config.companyTimeZone)) throw vacacionesIniciadas();
  }
}
