import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, QueryFailedError } from 'typeorm';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { apiError } from '../common/api-error.js';
import { addDays, calendarDateAt, type CalendarDate, daysInRange, parseCalendarDate } from '../common/calendar-date.js';
import { DATE_WINDOW_TEXT, fechaInvalida } from '../common/date-window.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { FileLinks } from '../uploads/access/file-links.js';
import { ownRow, URL_RULES, UrlFieldRules } from '../uploads/url-field-rules.js';
import { CalendarioLaboralService } from '../calendario-laboral/calendario-laboral.service.js';
import { VacacionesRepository } from '../empleados/vacaciones.repository.js';
import type { CreateActualizacionPerfilDto } from './dto/create-actualizacion-perfil.dto.js';
import type { CreateSolicitudConFechasDto } from './dto/create-solicitud-con-fechas.dto.js';
import { corteDe, type Fraccion, horasDentroDeLaJornada, tramo } from '../calendario-laboral/medios-dias.js';
import { type SolicitudCreadaDto, toSolicitudDto } from './dto/solicitud.response.js';
import { EstadoSolicitudId } from '../catalogs/estado-solicitud.entity.js';
import { TIPO_SOLICITUD_NOMBRES, TipoSolicitudId } from '../catalogs/tipo-solicitud.entity.js';
import { saldoInsuficiente } from './solicitud-errors.js';
import { SolicitudesRepository } from './solicitudes.repository.js';
import { AprobacionesService } from '../aprobaciones/aprobaciones.service.js';
import { creadaMensaje, type TipoConFechas } from './tipos-solicitud.js';
import { countSolicitudCreada } from '../telemetry/service-metrics.js';

const PENDING_PROFILE_UPDATE_INDEX = 'uq_solicitud_actualizacion_pendiente';

/** Calendar days, both ends included, one request may cover: a leap year. Longer leave is several requests. */
export const MAX_RANGE_DAYS = 366;

interface Rango {
  inicio: CalendarDate;
  fin: CalendarDate;
}

@Injectable()
export class SolicitudCreationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly solicitudes: SolicitudesRepository,
    private readonly vacaciones: VacacionesRepository,
    private readonly calendarioLaboral: CalendarioLaboralService,
    private readonly urlRules: UrlFieldRules,
    private readonly links: FileLinks,
    private readonly aprobaciones: AprobacionesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async createWithDates(tipo: TipoConFechas, employee: AuthenticatedEmployee, dto: CreateSolicitudConFechasDto & Fraccion): Promise<SolicitudCreadaDto> {
    const rango = this.validRange(dto, tipo);
    const corte = corteDe(dto, rango.inicio, rango.fin);
    const id = await this.dataSource.transaction(async (manager) => {
      await this.solicitudes.lockEmployee(manager, employee.id_empleado);
      const documento = dto.url_documento
        ? await this.urlRules.reference(manager, 'url_documento', dto.url_documento, URL_RULES.adjuntoSolicitud, ownRow(employee.id_empleado))
        : null;
      // The owner's schedules and holidays (their centre's community and town) decide which days they work.
      const calendario = await this.calendarioLaboral.deEmpleado(manager, employee.id_empleado, rango.inicio, rango.fin);
      const { diasHabiles, dias, porAnio: diasPorAnio } = calendario.cuenta(corte, rango.inicio, rango.fin);
      if (diasHabiles === 0) {
        throw apiError(HttpStatus.BAD_REQUEST, 'sin_dias_habiles', 'El rango de fechas no contiene ningún día hábil.');
      }
      if (corte.horasSolicitadas !== null) horasDentroDeLaJornada(corte.horasSolicitadas, calendario.horasDe(rango.inicio));
      // Sharing only days the owner does not work (a weekend, a holiday) is no overlap.
      const compartidos = await this.solicitudes.overlappingActive(manager, employee.id_empleado, rango, tramo(corte, rango.inicio, rango.fin));
      if (compartidos.some(({ desde, hasta }) => calendario.diasLaborables(desde, hasta) > 0)) {
        throw apiError(HttpStatus.CONFLICT, 'solicitud_superpuesta', 'Las fechas se superponen con otra solicitud pendiente o aprobada.');
      }
      // Each year pays its own days; a half first or last day weighs half in its year.
      const porAnio = tipo.id === TipoSolicitudId.Vacaciones ? diasPorAnio : [];
      const faltante = porAnio.length > 0 ? await this.vacaciones.shortfall(manager, employee.id_empleado, porAnio) : null;
      if (faltante) throw saldoInsuficiente(HttpStatus.BAD_REQUEST, faltante);
      const idSolicitud = await this.solicitudes.insert(manager, {
        idEmpleado: employee.id_empleado,
        idTipo: tipo.id,
        fechaInicio: rango.inicio,
        fechaFin: rango.fin,
        diasSolicitados: dias,
        descripcion: dto.descripcion?.trim() || null,
        urlDocumento: documento?.url ?? null,
        idArchivoDocumento: documento?.idArchivo ?? null,
        fechaReferencia: rango.inicio,
        corte,
      });
      if (porAnio.length > 0) await this.vacaciones.recordDaysPerYear(manager, idSolicitud, porAnio);
      await this.recordCreation(manager, idSolicitud, employee.id_empleado, tipo.id);
      return idSolicitud;
    });
    return this.created(id, tipo.id);
  }

  async createProfileUpdate(employee: AuthenticatedEmployee, dto: CreateActualizacionPerfilDto): Promise<SolicitudCreadaDto> {
    const telefono = dto.telefono?.trim() || null;
    const direccion = dto.direccion?.trim() || null;
    const imgPerfil = dto.img_perfil?.trim() || null;
    if (!telefono && !direccion && !imgPerfil) {
      throw apiError(HttpStatus.BAD_REQUEST, 'sin_cambios_perfil', 'Indica al menos uno de los campos telefono, direccion o img_perfil.');
    }
    try {
      const id = await this.dataSource.transaction(async (manager) => {
        const imagen = imgPerfil
          ? await this.urlRules.reference(manager, 'img_perfil', imgPerfil, URL_RULES.imagenPerfilPropia, ownRow(employee.id_empleado))
          : null;
        const idSolicitud = await this.solicitudes.insert(manager, {
          idEmpleado: employee.id_empleado,
          idTipo: TipoSolicitudId.ActualizacionPerfil,
          fechaInicio: null,
          fechaFin: null,
          diasSolicitados: null,
          descripcion: null,
          urlDocumento: null,
          idArchivoDocumento: null,
          fechaReferencia: this.today(),
        });
        await this.solicitudes.insertProfileChanges(manager, idSolicitud, {
          telefono,
          direccion,
          img_perfil: imagen?.url ?? null,
          id_archivo_img_perfil: imagen?.idArchivo ?? null,
        });
        await this.recordCreation(manager, idSolicitud, employee.id_empleado, TipoSolicitudId.ActualizacionPerfil);
        return idSolicitud;
      });
      return this.created(id, TipoSolicitudId.ActualizacionPerfil);
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { constraint?: string }).constraint === PENDING_PROFILE_UPDATE_INDEX) {
        throw apiError(HttpStatus.CONFLICT, 'actualizacion_pendiente', 'Ya tienes una solicitud de actualización de perfil pendiente de aprobación.');
      }
      throw error;
    }
  }

  private validRange(dto: CreateSolicitudConFechasDto, tipo: TipoConFechas): Rango {
    const inicio = parseCalendarDate(dto.fecha_inicio, this.config.companyTimeZone);
    const fin = parseCalendarDate(dto.fecha_fin, this.config.companyTimeZone);
    if (!inicio || !fin) {
      throw fechaInvalida(
        `Las fechas deben ser fechas ISO 8601 válidas (YYYY-MM-DD o fecha y hora) ${DATE_WINDOW_TEXT}.`,
        [...(inicio ? [] : ['fecha_inicio']), ...(fin ? [] : ['fecha_fin'])],
        'una fecha ISO 8601 válida (YYYY-MM-DD o fecha y hora)',
      );
    }
    if (inicio > fin) {
      throw apiError(HttpStatus.BAD_REQUEST, 'rango_fechas_invalido', 'La fecha de inicio no puede ser posterior a la fecha de fin.');
    }
    if (daysInRange(inicio, fin) > MAX_RANGE_DAYS) {
      throw apiError(
        HttpStatus.BAD_REQUEST,
        'rango_demasiado_largo',
        `Una solicitud abarca como máximo ${MAX_RANGE_DAYS} días naturales: divide un periodo más largo en varias solicitudes.`,
      );
    }
    const earliest = addDays(this.today(), -tipo.diasAtrasPermitidos);
    if (inicio < earliest) {
      const message = tipo.diasAtrasPermitidos
        ? `Las ausencias se pueden registrar hasta ${tipo.diasAtrasPermitidos} días después de ocurridas.`
        : 'Las fechas no pueden estar en el pasado.';
      throw apiError(HttpStatus.BAD_REQUEST, 'fecha_pasada', message);
    }
    return { inicio, fin };
  }

  /** Its history starts, and whoever must decide it is told, in the transaction that creates it. */
  private async recordCreation(manager: EntityManager, idSolicitud: number, idActor: number, idTipo: TipoSolicitudId): Promise<void> {
    await this.solicitudes.insertHistory(manager, { idSolicitud, anterior: null, nuevo: EstadoSolicitudId.Pendiente, idActor, comentario: null });
    await this.aprobaciones.onCreated(manager, idSolicitud, idTipo);
  }

  private async created(id: number, tipo: TipoSolicitudId): Promise<SolicitudCreadaDto> {
    countSolicitudCreada(TIPO_SOLICITUD_NOMBRES[tipo]);
    const row = await this.solicitudes.findView(id);
    return { success: true, message: creadaMensaje(tipo), id_solicitud: id, data: toSolicitudDto(row!, this.links.forViewer) };
  }

  private today(): CalendarDate {
    return calendarDateAt(new Date(), this.config.companyTimeZone);
  }
}
