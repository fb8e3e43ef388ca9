import { ApiProperty } from '@nestjs/swagger';
import { PaginationDto } from '../../common/pagination.js';
import { formatZonedDateTime } from '../../common/zoned-date-time.js';
import type { UrlForViewer } from '../../uploads/access/file-links.js';

export class AutorDto {
  @ApiProperty({ example: 2 }) id_empleado!: number;
  @ApiProperty({ example: 'Marta Ruiz' }) nombre!: string;
}

export class ComunicadoDto {
  @ApiProperty({ example: 12 }) id_comunicado!: number;
  @ApiProperty({ example: 'Cierre de oficina el 8 de diciembre' }) titulo!: string;
  @ApiProperty({ example: 'La oficina permanecerá cerrada por el festivo de la Inmaculada Concepción.' }) contenido!: string;
  @ApiProperty({ example: '2026-12-01 09:00:00', description: 'YYYY-MM-DD HH:mm:ss in COMPANY_TIMEZONE' }) fecha_publicacion!: string;
  @ApiProperty({ example: true }) activo!: boolean;
  @ApiProperty({ type: String, nullable: true, example: 'http://localhost:3000/uploads/comunicados/1764000000000-cartel.png' })
  url_multimedia!: string | null;
  @ApiProperty({ type: AutorDto, nullable: true, description: 'The admin who created it; null once that employee is deleted' })
  autor!: AutorDto | null;
  @ApiProperty({ type: String, format: 'date-time' }) fecha_creacion!: Date;
  @ApiProperty({ type: String, format: 'date-time' }) fecha_actualizacion!: Date;
}

export class ComunicadosPageDto {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ type: [ComunicadoDto] }) data!: ComunicadoDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}

export class ComunicadoResponseDto {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ type: ComunicadoDto }) data!: ComunicadoDto;
}

export class ComunicadoGuardadoDto {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ example: 'Comunicado creado correctamente.' }) message!: string;
  @ApiProperty({ type: ComunicadoDto }) data!: ComunicadoDto;
}

export class ComunicadoDesactivadoDto {
  @ApiProperty({ example: 'Comunicado desactivado correctamente.' }) message!: string;
}

export class ComunicadoEliminadoDto {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ example: 'Comunicado eliminado correctamente.' }) message!: string;
}

/** One row of ComunicadosRepository's view query. */
export interface ComunicadoRow {
  id_comunicado: number;
  titulo: string;
  contenido: string;
  fecha_publicacion: Date;
  activo: boolean;
  url_multimedia: string | null;
  id_autor: number | null;
  autor_nombre: string | null;
  fecha_creacion: Date;
  fecha_actualizacion: Date;
  /** Active and its publication time has come: what employees may read. */
  visible: boolean;
}

/** `forViewer` signs the media's URL when announcement files are private (not by default). */
export function toComunicadoDto(row: ComunicadoRow, timeZone: string, forViewer: UrlForViewer): ComunicadoDto {
  return {
    id_comunicado: row.id_comunicado,
    titulo: row.titulo,
    contenido: row.contenido,
    fecha_publicacion: formatZonedDateTime(row.fecha_publicacion, timeZone),
    activo: row.activo,
    url_multimedia: forViewer(row.url_multimedia),
    autor: row.id_autor === null ? null : { id_empleado: row.id_autor, nombre: row.autor_nombre! },
    fecha_creacion: row.fecha_creacion,
    fecha_actualizacion: row.fecha_actualizacion,
  };
}
