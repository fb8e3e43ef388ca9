import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PaginationDto } from '../../common/pagination.js';
import { ESTADO_SOLICITUD_NOMBRES, type EstadoSolicitudId } from '../../catalogs/estado-solicitud.entity.js';
import { TIPO_SOLICITUD_NOMBRES, type TipoSolicitudId } from '../../catalogs/tipo-solicitud.entity.js';
import type { UrlForViewer } from '../../uploads/access/file-links.js';
import { ESTADO_SOLICITUD_IDS, TIPO_SOLICITUD_IDS } from '../../catalogs/catalog-values.js';
import { MEDIOS_DIAS, type MedioDia } from '../../calendario-laboral/medios-dias.js';
import type { FichajeGuardado, PropuestaPor } from '../../fichajes/correccion-fichaje.repository.js';
import { MODALIDADES, type Modalidad, TIPOS_FICHAJE, type TipoFichaje } from '../../fichajes/fichaje-fields.js';

export class EmpleadoResumenDto {
  @ApiProperty({ example: 7 }) id_empleado!: number;
  @ApiProperty({ example: 'Ana García' }) nombre!: string;
  @ApiProperty({ example: 'ana.garcia@example.com' }) correo!: string;
}

export class TipoSolicitudDto {
  @ApiProperty({ type: 'integer', enum: TIPO_SOLICITUD_IDS, example: 1 }) id_tipo_solicitud!: number;
  @ApiProperty({ example: 'Vacaciones' }) nombre!: string;
}

export class EstadoSolicitudDto {
  @ApiProperty({ type: 'integer', enum: ESTADO_SOLICITUD_IDS, example: 1 }) id_estado_solicitud!: number;
  @ApiProperty({ example: 'Pendiente' }) nombre!: string;
}

export class RevisorDto {
  @ApiProperty({ example: 2 }) id_empleado!: number;
  @ApiProperty({ example: 'Martín López' }) nombre!: string;
}

export class ActualizacionPerfilDto {
  @ApiProperty({ type: String, nullable: true, example: '+34 600 123 456' }) telefono!: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) direccion!: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) img_perfil!: string | null;
}

export class FichajePropuestoDto {
  @ApiProperty({ enum: TIPOS_FICHAJE, example: 'entrada' }) tipo!: TipoFichaje;
  @ApiProperty({ format: 'date-time', example: '2026-03-10T08:00:00.000Z', description: 'UTC' }) instante!: string;
  @ApiProperty({ enum: MODALIDADES, example: 'presencial' }) modalidad!: Modalidad;
}

export class CorreccionFichajeDto {
  @ApiProperty({ format: 'date', example: '2026-03-10', description: 'The working day corrected' }) fecha!: string;
  @ApiProperty({ enum: ['empleado', 'empresa'], example: 'empleado', description: 'empleado: the worker proposes, an approver decides; empresa: an Admin or the manager proposes, the worker accepts or rejects' })
  propuesta_por!: PropuestaPor;
  @ApiProperty({ type: RevisorDto, description: 'Who proposed it' }) proponente!: RevisorDto;
  @ApiProperty({ example: 'Olvidé fichar la salida: salí a las 17:00.' }) motivo!: string;
  @ApiProperty({ type: [FichajePropuestoDto], description: 'The day’s records as proposed, in order: on approval they are appended and replace the day’s records in force' })
  fichajes!: FichajePropuestoDto[];
}

export class SolicitudDto {
  @ApiProperty({ example: 15 }) id_solicitud!: number;
  @ApiProperty({ example: 7 }) id_empleado!: number;
  @ApiProperty({ type: 'integer', enum: TIPO_SOLICITUD_IDS, example: 1 }) id_tipo_solicitud!: number;
  @ApiProperty({ type: 'integer', enum: ESTADO_SOLICITUD_IDS, example: 1 }) id_estado_solicitud!: number;
  @ApiProperty({ type: String, nullable: true, example: '2026-12-21', description: 'YYYY-MM-DD' }) fecha_inicio!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '2026-12-24', description: 'YYYY-MM-DD' }) fecha_fin!: string | null;
  @ApiProperty({ type: Number, nullable: true, example: 4, description: 'Working days: weekends and holidays excluded' })
  dias_solicitados!: number | null;
  @ApiProperty({ type: String, nullable: true }) descripcion!: string | null;
  @ApiProperty({ type: String, nullable: true }) url_documento!: string | null;
  @ApiProperty({ type: String, nullable: true }) comentario_revision!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) fecha_revision!: Date | null;
  @ApiProperty({
    example: false,
    description: 'The owner asked to cancel this approved vacation and an approver has yet to decide; the state stays 2 (Aprobada) meanwhile',
  })
  cancelacion_pendiente!: boolean;
  @ApiProperty({ type: String, format: 'date-time' }) fecha_creacion!: Date;
  @ApiProperty({ type: String, format: 'date-time' }) fecha_actualizacion!: Date;
  @ApiProperty({ type: EmpleadoResumenDto }) empleado!: EmpleadoResumenDto;
  @ApiProperty({ type: TipoSolicitudDto }) tipo!: TipoSolicitudDto;
  @ApiProperty({ type: EstadoSolicitudDto }) estado!: EstadoSolicitudDto;
  @ApiProperty({ type: RevisorDto, nullable: true }) revisor!: RevisorDto | null;
  @ApiProperty({ type: ActualizacionPerfilDto, nullable: true }) actualizacion_perfil!: ActualizacionPerfilDto | null;
  @ApiPropertyOptional({
    type: String,
    enum: ['responsable', 'admin'],
    example: 'responsable',
    description: "Only with APROBACION=responsable_y_admin, while pending: the step it waits at, its manager's, then an Admin's",
  })
  paso_aprobacion?: 'responsable' | 'admin';
  @ApiPropertyOptional({ type: String, enum: MEDIOS_DIAS, example: 'tarde', description: 'Only when given: `tarde`, the first day counts 0.5 (one-day request: the half taken)' })
  medio_dia_inicio?: MedioDia;
  @ApiPropertyOptional({ type: String, enum: MEDIOS_DIAS, example: 'manana', description: 'Only when given: `manana`, the last day counts 0.5 (one-day request: the half taken)' })
  medio_dia_fin?: MedioDia;
  @ApiPropertyOptional({ example: '09:00', description: 'Only on a permission by hours: HH:mm in COMPANY_TIMEZONE' }) hora_inicio?: string;
  @ApiPropertyOptional({ example: '11:00', description: 'Only on a permission by hours: HH:mm in COMPANY_TIMEZONE' }) hora_fin?: string;
  @ApiPropertyOptional({ example: 2, description: 'Only on a permission by hours (its dias_solicitados is 0): the hours from hora_inicio to hora_fin' })
  horas_solicitadas?: number;
  @ApiPropertyOptional({ type: CorreccionFichajeDto, description: 'Only on a correction of the register (type 6): the day, the records proposed, why and by whom' })
  correccion_fichaje?: CorreccionFichajeDto;
}

export class SolicitudesPageDto {
  @ApiProperty({ example: 'success' }) status!: 'success';
  @ApiProperty({ type: [SolicitudDto] }) data!: SolicitudDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}

export class SolicitudResponseDto {
  @ApiProperty({ example: 'success' }) status!: 'success';
  @ApiProperty({ type: SolicitudDto }) data!: SolicitudDto;
}

export class SolicitudCreadaDto {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ example: 'Solicitud de vacaciones creada correctamente.' }) message!: string;
  @ApiProperty({ example: 15 }) id_solicitud!: number;
  @ApiProperty({ type: SolicitudDto }) data!: SolicitudDto;
}

export class SolicitudCambiadaDto {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ example: 'Solicitud aprobada correctamente.' }) message!: string;
  @ApiProperty({ type: SolicitudDto }) data!: SolicitudDto;
}

/** One row of SolicitudesRepository's view query. */
export interface SolicitudRow {
  id_solicitud: number;
  id_empleado: number;
  id_tipo_solicitud: TipoSolicitudId;
  id_estado_solicitud: EstadoSolicitudId;
  fecha_inicio: string | null;
  fecha_fin: string | null;
  dias_solicitados: string | null;
  descripcion: string | null;
  url_documento: string | null;
  comentario_revision: string | null;
  fecha_revision: Date | null;
  cancelacion_pendiente: boolean;
  fecha_creacion: Date;
  fecha_actualizacion: Date;
  empleado_nombre: string;
  empleado_correo: string;
  id_revisor: number | null;
  revisor_nombre: string | null;
  id_actualizacion_perfil: number | null;
  perfil_telefono: string | null;
  perfil_direccion: string | null;
  perfil_img_perfil: string | null;
  paso_aprobacion: 'responsable' | 'admin' | null;
  medio_dia_inicio: MedioDia | null;
  medio_dia_fin: MedioDia | null;
  hora_inicio: string | null;
  hora_fin: string | null;
  horas_solicitadas: string | null;
  correccion_fecha: string | null;
  correccion_propuesta_por: PropuestaPor | null;
  correccion_fichajes: FichajeGuardado[] | null;
  correccion_motivo: string | null;
  correccion_id_proponente: number | null;
  correccion_proponente_nombre: string | null;
}

/** `forViewer` signs private file URLs: only who may see the request gets its mapping. */
export function toSolicitudDto(row: SolicitudRow, forViewer: UrlForViewer): SolicitudDto {
  return {
    id_solicitud: row.id_solicitud,
    id_empleado: row.id_empleado,
    id_tipo_solicitud: row.id_tipo_solicitud,
    id_estado_solicitud: row.id_estado_solicitud,
    fecha_inicio: row.fecha_inicio,
    fecha_fin: row.fecha_fin,
    dias_solicitados: row.dias_solicitados === null ? null : Number(row.dias_solicitados),
    descripcion: row.descripcion,
    url_documento: forViewer(row.url_documento),
    comentario_revision: row.comentario_revision,
    fecha_revision: row.fecha_revision,
    cancelacion_pendiente: row.cancelacion_pendiente,
    fecha_creacion: row.fecha_creacion,
    fecha_actualizacion: row.fecha_actualizacion,
    empleado: { id_empleado: row.id_empleado, nombre: row.empleado_nombre, correo: row.empleado_correo },
    tipo: { id_tipo_solicitud: row.id_tipo_solicitud, nombre: TIPO_SOLICITUD_NOMBRES[row.id_tipo_solicitud] },
    estado: { id_estado_solicitud: row.id_estado_solicitud, nombre: ESTADO_SOLICITUD_NOMBRES[row.id_estado_solicitud] },
    revisor: row.id_revisor === null ? null : { id_empleado: row.id_revisor, nombre: row.revisor_nombre! },
    actualizacion_perfil:
      row.id_actualizacion_perfil === null
        ? null
        : { telefono: row.perfil_telefono, direccion: row.perfil_direccion, img_perfil: forViewer(row.perfil_img_perfil) },
    // Absent rather than null outside the two-step mode: the spec's default answers stay byte for byte.
    ...(row.paso_aprobacion === null ? {} : { paso_aprobacion: row.paso_aprobacion }),
    ...(row.medio_dia_inicio === null ? {} : { medio_dia_inicio: row.medio_dia_inicio }),
    ...(row.medio_dia_fin === null ? {} : { medio_dia_fin: row.medio_dia_fin }),
    ...(row.hora_inicio === null ? {} : { hora_inicio: row.hora_inicio, hora_fin: row.hora_fin!, horas_solicitadas: Number(row.horas_solicitadas) }),
    ...(row.correccion_fecha === null ? {} : { correccion_fichaje: toCorreccionFichaje(row) }),
  };
}

function toCorreccionFichaje(row: SolicitudRow): CorreccionFichajeDto {
  return {
    fecha: row.correccion_fecha!,
    propuesta_por: row.correccion_propuesta_por!,
    proponente: { id_empleado: row.correccion_id_proponente!, nombre: row.correccion_proponente_nombre! },
    motivo: row.correccion_motivo!,
    fichajes: row.correccion_fichajes!.map(({ tipo, instante, modalidad }) => ({ tipo, instante, modalidad })),
  };
}
