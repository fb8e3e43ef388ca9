import { HttpStatus, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { apiError } from '../common/api-error.js';
import { cambiosEntre } from '../empleados/empleado-fields.js';
import { EmpleadosRepository } from '../empleados/empleados.repository.js';
import { recordHistory } from '../empleados/historial-empleado.repository.js';
import { VacacionesRepository } from '../empleados/vacaciones.repository.js';
import { isAdmin } from '../auth/roles.decorator.js';
import { TipoNotificacionId } from '../catalogs/tipo-notificacion.entity.js';
import { NotificacionesRepository } from '../notificaciones/notificaciones.repository.js';
import { FileLinks } from '../uploads/access/file-links.js';
import type { RevisionDto } from './dto/revision.dto.js';
import { type SolicitudCambiadaDto, toSolicitudDto } from './dto/solicitud.response.js';
import { EstadoSolicitudId } from '../catalogs/estado-solicitud.entity.js';
import { TIPO_SOLICITUD_NOMBRES, TipoSolicitudId } from '../catalogs/tipo-solicitud.entity.js';
import { estadoInvalido, saldoInsuficiente, solicitudNoEncontrada } from './solicitud-errors.js';
import { SolicitudCancellationService } from './solicitud-cancellation.service.js';
import { SolicitudesRepository, type SolicitudBloqueada } from './solicitudes.repository.js';
import { fechasEnFrase, TIPO_EN_FRASE } from './tipos-solicitud.js';
import { AprobacionesService } from '../aprobaciones/aprobaciones.service.js';
import { rolNoPermitido } from '../auth/roles.guard.js';
import { CorreccionFichajeService } from '../fichajes/correccion-fichaje.service.js';
import { PropuestaEmpresaDecisionService } from './correccion-fichaje-propuesta.service.js';
import { countCancelacionDecidida, countSolicitudDecidida } from '../telemetry/service-metrics.js';

const PASO_RESPONSABLE_APROBADO = 'Solicitud aprobada por el responsable; queda pendiente de un administrador.';

type Veredicto = EstadoSolicitudId.Aprobada | EstadoSolicitudId.Rechazada;

const VEREDICTOS = {
  [EstadoSolicitudId.Aprobada]: { verbo: 'aprobó', participio: 'aprobada', notificacion: TipoNotificacionId.Aprobacion },
  [EstadoSolicitudId.Rechazada]: { verbo: 'rechazó', participio: 'rechazada', notificacion: TipoNotificacionId.Rechazo },
} as const;

/**
 * State changes of a request. Each runs in one transaction that first locks the request row, so
 * concurrent decisions (on any number of instances) take turns and all but the first see it decided.
 */
@Injectable()
export class SolicitudDecisionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly solicitudes: SolicitudesRepository,
    private readonly vacaciones: VacacionesRepository,
    private readonly empleados: EmpleadosRepository,
    private readonly notificaciones: NotificacionesRepository,
    private readonly links: FileLinks,
    private readonly cancellations: SolicitudCancellationService,
    private readonly aprobaciones: AprobacionesService,
    private readonly registro: CorreccionFichajeService,
    private readonly propuestas: PropuestaEmpresaDecisionService,
  ) {}

  approve(id: number, reviewer: AuthenticatedEmployee, dto: RevisionDto): Promise<SolicitudCambiadaDto> {
    return this.decide(id, reviewer, EstadoSolicitudId.Aprobada, dto.comentario?.trim() || null);
  }

  reject(id: number, reviewer: AuthenticatedEmployee, dto: RevisionDto): Promise<SolicitudCambiadaDto> {
    return this.decide(id, reviewer, EstadoSolicitudId.Rechazada, dto.comentario?.trim() || null);
  }

  async cancel(id: number, owner: AuthenticatedEmployee, dto: RevisionDto): Promise<SolicitudCambiadaDto> {
    const message = await this.dataSource.transaction(async (manager) => {
      const solicitud = await this.solicitudes.lockForDecision(manager, id);
      if (!solicitud) throw solicitudNoEncontrada();
      if (solicitud.propuesta_por === 'empresa') return this.propuestas.withdraw(manager, solicitud, owner, dto.comentario?.trim() || null);
      if (solicitud.id_empleado !== owner.id_empleado) {
        // An admin may know the request exists; an employee must not learn it.
        if (!isAdmin(owner.rol.id_rol)) throw solicitudNoEncontrada();
        throw apiError(HttpStatus.FORBIDDEN, 'solo_el_propietario', 'Solo quien creó la solicitud puede cancelarla.');
      }
      // Cancelling approved leave (issue 15): opens a cancellation for an approver to decide.
      if (solicitud.id_estado_solicitud === EstadoSolicitudId.Aprobada) {
        return this.cancellations.open(manager, solicitud, owner, dto.comentario?.trim() || null);
      }
      if (solicitud.id_estado_solicitud !== EstadoSolicitudId.Pendiente) throw estadoInvalido();
      await this.solicitudes.recordDecision(manager, { idSolicitud: id, estado: EstadoSolicitudId.Cancelada, idRevisor: null, comentario: null });
      await this.solicitudes.insertHistory(manager, {
        idSolicitud: id,
        anterior: EstadoSolicitudId.Pendiente,
        nuevo: EstadoSolicitudId.Cancelada,
        idActor: owner.id_empleado,
        comentario: dto.comentario?.trim() || null,
      });
      return 'Solicitud cancelada correctamente.';
    });
    return this.changed(id, message);
  }

  private async decide(id: number, reviewer: AuthenticatedEmployee, veredicto: Veredicto, comentario: string | null): Promise<SolicitudCambiadaDto> {
    let decidida: TipoSolicitudId | undefined;
    let cancelacionDecidida: TipoSolicitudId | undefined;
    const message = await this.dataSource.transaction(async (manager) => {
      const solicitud = await this.solicitudes.lockForDecision(manager, id);
      if (!solicitud) throw solicitudNoEncontrada();
      if (solicitud.propuesta_por === 'empresa') {
        const respuesta = await this.propuestas.decide(manager, solicitud, reviewer, veredicto, comentario);
        decidida = solicitud.id_tipo_solicitud;
        return respuesta;
      }
      if (solicitud.id_empleado === reviewer.id_empleado) {
        throw apiError(HttpStatus.FORBIDDEN, 'auto_aprobacion_no_permitida', 'No puedes aprobar ni rechazar tus propias solicitudes.');
      }
      if (!solicitud.cancelacion_pendiente && solicitud.id_estado_solicitud !== EstadoSolicitudId.Pendiente) throw estadoInvalido();
      const autoridad = await this.aprobaciones.authority(manager, id, reviewer);
      if (!autoridad) {
        // The caller's step was decided (by them, or first by another approver of it).
        if (await this.aprobaciones.stepAlreadyDecided(manager, id, reviewer)) throw estadoInvalido();
        throw rolNoPermitido();
      }
      // Cancelling approved leave: whoever decides the request's first step decides the owner's cancellation, in one step.
      if (solicitud.cancelacion_pendiente) {
        const respuesta = await this.cancellations.decide(manager, solicitud, reviewer, veredicto, comentario);
        cancelacionDecidida = solicitud.id_tipo_solicitud;
        return respuesta;
      }
      const registro = { idActor: reviewer.id_empleado, comentario, paso: autoridad.pasoRegistrado, idEnNombreDe: autoridad.delegante?.id_empleado ?? null };
      if (veredicto === EstadoSolicitudId.Aprobada && !autoridad.final) {
        await this.aprobaciones.toAdminStep(manager, id, solicitud.id_tipo_solicitud);
        await this.solicitudes.insertHistory(manager, { idSolicitud: id, anterior: EstadoSolicitudId.Pendiente, nuevo: EstadoSolicitudId.Pendiente, ...registro });
        return PASO_RESPONSABLE_APROBADO;
      }
      if (veredicto === EstadoSolicitudId.Aprobada) await this.applyApproval(manager, solicitud, reviewer);
      await this.solicitudes.recordDecision(manager, { idSolicitud: id, estado: veredicto, idRevisor: reviewer.id_empleado, comentario });
      await this.solicitudes.insertHistory(manager, { idSolicitud: id, anterior: EstadoSolicitudId.Pendiente, nuevo: veredicto, ...registro });
      await this.notifyOwner(manager, solicitud, reviewer, veredicto, comentario);
      decidida = solicitud.id_tipo_solicitud;
      return `Solicitud ${VEREDICTOS[veredicto].participio} correctamente.`;
    });
    const changed = await this.changed(id, message);
    const decision = VEREDICTOS[veredicto].participio;
    if (decidida) countSolicitudDecidida(TIPO_SOLICITUD_NOMBRES[decidida], decision, changed.data.fecha_creacion);
    if (cancelacionDecidida) countCancelacionDecidida(TIPO_SOLICITUD_NOMBRES[cancelacionDecidida], decision);
    return changed;
  }

  private async applyApproval(manager: EntityManager, solicitud: SolicitudBloqueada, reviewer: AuthenticatedEmployee): Promise<void> {
    if (solicitud.id_tipo_solicitud === TipoSolicitudId.CorreccionFichaje) await this.registro.aplicar(manager, solicitud.id_solicitud);
    if (solicitud.id_tipo_solicitud === TipoSolicitudId.Vacaciones) {
      const faltante = await this.vacaciones.deduct(manager, solicitud.id_empleado, solicitud.id_solicitud);
      if (faltante) throw saldoInsuficiente(HttpStatus.CONFLICT, faltante);
    }
    if (solicitud.id_tipo_solicitud === TipoSolicitudId.ActualizacionPerfil) {
      await this.applyProfileUpdate(manager, solicitud, reviewer);
    }
  }

  /** The employee's record changes, so the change goes into its history like an admin's edit. */
  private async applyProfileUpdate(manager: EntityManager, solicitud: SolicitudBloqueada, reviewer: AuthenticatedEmployee): Promise<void> {
    const before = (await this.empleados.lockEditable(manager, solicitud.id_empleado))!;
    const after = await this.solicitudes.applyProfileChanges(manager, solicitud.id_solicitud);
    await recordHistory(manager, [{ idEmpleado: solicitud.id_empleado, idActor: reviewer.id_empleado, origen: 'solicitud', cambios: cambiosEntre(before, after) }]);
  }

  private async notifyOwner(
    manager: EntityManager,
    solicitud: SolicitudBloqueada,
    reviewer: AuthenticatedEmployee,
    veredicto: Veredicto,
    comentario: string | null,
  ): Promise<void> {
    const { verbo, participio, notificacion } = VEREDICTOS[veredicto];
    const tipo = TIPO_EN_FRASE[solicitud.id_tipo_solicitud as TipoSolicitudId];
    const fechas = fechasEnFrase(solicitud);
    await this.notificaciones.insert(manager, {
      idUsuario: solicitud.id_empleado,
      tipo: notificacion,
      titulo: `Solicitud de ${tipo} ${participio}`,
      mensaje: `${reviewer.nombre} ${verbo} tu solicitud de ${tipo}${fechas}.${comentario ? ` Comentario: ${comentario}` : ''}`,
      idRemitente: reviewer.id_empleado,
      idSolicitud: solicitud.id_solicitud,
    });
  }

  private async changed(id: number, message: string): Promise<SolicitudCambiadaDto> {
    const row = await this.solicitudes.findView(id);
    return { success: true, message, data: toSolicitudDto(row!, this.links.forViewer) };
  }
}
