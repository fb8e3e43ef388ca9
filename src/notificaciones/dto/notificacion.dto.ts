import { ApiProperty } from '@nestjs/swagger';
import type { NotificacionListada } from '../notificaciones.repository.js';
import { TIPO_NOTIFICACION_CODIGOS } from '../../catalogs/catalog-values.js';

export class TipoNotificacionDto {
  @ApiProperty({ enum: TIPO_NOTIFICACION_CODIGOS, example: 'APROBACION' })
  codigo!: string;

  @ApiProperty({ example: 'Solicitud aprobada' })
  nombre!: string;
}

export class RemitenteDto {
  @ApiProperty({ example: 2 })
  id_empleado!: number;

  @ApiProperty({ example: 'Martín López' })
  nombre!: string;
}

export class SolicitudRelacionadaDto {
  @ApiProperty({ example: 15 })
  id_solicitud!: number;

  @ApiProperty({ example: 1 })
  id_tipo_solicitud!: number;

  @ApiProperty({ example: 2 })
  id_estado_solicitud!: number;
}

export class ResumenRelacionadoDto {
  @ApiProperty({ example: '2026-10', description: 'The month: GET /api/fichajes/resumen?mes= this value' })
  mes!: string;
}

export class NotificacionDto {
  @ApiProperty({ example: 42 })
  id_notificacion!: number;

  @ApiProperty({ example: 1, description: 'Destinatario.' })
  id_usuario!: number;

  @ApiProperty({ example: 'Solicitud aprobada' })
  titulo!: string;

  @ApiProperty({ example: 'Tu solicitud de vacaciones fue aprobada.' })
  mensaje!: string;

  @ApiProperty({ example: false })
  leido!: boolean;

  @ApiProperty({ example: '2026-03-02T14:05:09.123Z', format: 'date-time', description: 'ISO 8601 en UTC.' })
  fecha_creacion!: string;

  @ApiProperty({ type: TipoNotificacionDto })
  tipo!: TipoNotificacionDto;

  @ApiProperty({ type: RemitenteDto, nullable: true, description: 'The employee whose action caused the notification; null for the system' })
  remitente!: RemitenteDto | null;

  @ApiProperty({ type: SolicitudRelacionadaDto, nullable: true, description: 'Solicitud relacionada.' })
  solicitud!: SolicitudRelacionadaDto | null;

  @ApiProperty({ type: ResumenRelacionadoDto, nullable: true, description: 'The monthly summary a RESUMEN_JORNADA notification announces; null for other types' })
  resumen!: ResumenRelacionadoDto | null;
}

export function toNotificacionDto(fila: NotificacionListada): NotificacionDto {
  return {
    id_notificacion: fila.id_notificacion,
    id_usuario: fila.id_usuario,
    titulo: fila.titulo,
    mensaje: fila.mensaje,
    leido: fila.leido,
    fecha_creacion: fila.fecha_creacion.toISOString(),
    tipo: { codigo: fila.tipo_codigo, nombre: fila.tipo_nombre },
    remitente: fila.remitente_id === null ? null : { id_empleado: fila.remitente_id, nombre: fila.remitente_nombre! },
    solicitud:
      fila.solicitud_id === null
        ? null
        : { id_solicitud: fila.solicitud_id, id_tipo_solicitud: fila.solicitud_tipo!, id_estado_solicitud: fila.solicitud_estado! },
    resumen: fila.mes_resumen === null ? null : { mes: fila.mes_resumen },
  };
}
