import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AprobacionesService } from '../aprobaciones/aprobaciones.service.js';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { isAdmin } from '../auth/roles.decorator.js';
import { rolNoPermitido } from '../auth/roles.guard.js';
import { EstadoSolicitudId } from '../catalogs/estado-solicitud.entity.js';
import { TipoNotificacionId } from '../catalogs/tipo-notificacion.entity.js';
import { TIPO_SOLICITUD_NOMBRES, TipoSolicitudId } from '../catalogs/tipo-solicitud.entity.js';
import { fechaEnFrase } from '../common/calendar-date.js';
import { empleadoNoEncontrado } from '../empleados/empleado-errors.js';
import { empleadoDeBaja } from '../fichajes/correccion-errors.js';
import { CorreccionFichajeRepository, type PropuestaPor } from '../fichajes/correccion-fichaje.repository.js';
import { CorreccionFichajeService } from '../fichajes/correccion-fichaje.service.js';
import { NotificacionesRepository } from '../notificaciones/notificaciones.repository.js';
import { FileLinks } from '../uploads/access/file-links.js';
import type { CreateCorreccionFichajeDto } from './dto/create-correccion-fichaje.dto.js';
import { type SolicitudCreadaDto, toSolicitudDto } from './dto/solicitud.response.js';
import { SolicitudesRepository } from './solicitudes.repository.js';
import { creadaMensaje } from './tipos-solicitud.js';
import { countSolicitudCreada } from '../telemetry/service-metrics.js';

/**
 * A correction of the working-time register (request type 6). The worker's own proposal is decided like
 * their other requests; a proposal for someone else is the company's (an Admin, or the worker's manager or
 * the manager's delegate today) and waits for the worker to accept or reject it.
 */
@Injectable()
export class CorreccionFichajeCreationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly solicitudes: SolicitudesRepository,
    private readonly registro: CorreccionFichajeService,
    private readonly correcciones: CorreccionFichajeRepository,
    private readonly notificaciones: NotificacionesRepository,
    private readonly aprobaciones: AprobacionesService,
    private readonly links: FileLinks,
  ) {}

  async create(caller: AuthenticatedEmployee, dto: CreateCorreccionFichajeDto): Promise<SolicitudCreadaDto> {
    const idEmpleado = dto.id_empleado ?? caller.id_empleado;
    const propuestaPor: PropuestaPor = idEmpleado === caller.id_empleado ? 'empleado' : 'empresa';
    if (propuestaPor === 'empresa') await this.comprobarQuePuedeProponer(caller, idEmpleado);
    const id = await this.dataSource.transaction(async (manager) => {
      const fichajes = await this.registro.preparar(manager, idEmpleado, dto.fecha, dto.fichajes);
      const idSolicitud = await this.solicitudes.insert(manager, {
        idEmpleado,
        idTipo: TipoSolicitudId.CorreccionFichaje,
        fechaInicio: dto.fecha,
        fechaFin: dto.fecha,
        diasSolicitados: null,
        descripcion: null,
        urlDocumento: null,
        idArchivoDocumento: null,
        fechaReferencia: dto.fecha,
      });
      await this.correcciones.insert(manager, { idSolicitud, fecha: dto.fecha, propuestaPor, idProponente: caller.id_empleado, fichajes, motivo: dto.motivo });
      await this.solicitudes.insertHistory(manager, { idSolicitud, anterior: null, nuevo: EstadoSolicitudId.Pendiente, idActor: caller.id_empleado, comentario: null });
      if (propuestaPor === 'empleado') {
        await this.aprobaciones.onCreated(manager, idSolicitud, TipoSolicitudId.CorreccionFichaje);
      } else {
        await this.notificaciones.insert(manager, {
          idUsuario: idEmpleado,
          tipo: TipoNotificacionId.CorreccionFichaje,
          titulo: 'Corrección de fichaje propuesta',
          mensaje: `${caller.nombre} propone corregir tu jornada del ${fechaEnFrase(dto.fecha)}. Motivo: «${dto.motivo}». Acéptala o recházala.`,
          idRemitente: caller.id_empleado,
          idSolicitud,
        });
      }
      return idSolicitud;
    });
    countSolicitudCreada(TIPO_SOLICITUD_NOMBRES[TipoSolicitudId.CorreccionFichaje]);
    const row = await this.solicitudes.findView(id);
    return { success: true, message: creadaMensaje(TipoSolicitudId.CorreccionFichaje), id_solicitud: id, data: toSolicitudDto(row!, this.links.forViewer) };
  }

  /** An Admin, or whoever decides the employee's requests as their manager today (delegates included); unknown employees 404 after that, leavers 409. */
  private async comprobarQuePuedeProponer(caller: AuthenticatedEmployee, idEmpleado: number): Promise<void> {
    if (!isAdmin(caller.rol.id_rol) && !(await this.aprobaciones.managesToday(caller.id_empleado, idEmpleado))) throw rolNoPermitido();
    const activo = await this.correcciones.estaActivo(this.dataSource.manager, idEmpleado);
    if (activo === null) throw empleadoNoEncontrado();
    if (!activo) throw empleadoDeBaja();
  }
}
