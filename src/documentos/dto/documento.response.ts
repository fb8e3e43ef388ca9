import { ApiProperty } from '@nestjs/swagger';
import { PaginationDto } from '../../common/pagination.js';
import { RevisorDto } from '../../solicitudes/dto/solicitud.response.js';
import type { UrlForViewer } from '../../uploads/access/file-links.js';

export class DocumentoDto {
  @ApiProperty({ example: 3 }) id_documento!: number;
  @ApiProperty({ example: 7 }) id_empleado!: number;
  @ApiProperty({ example: 'Nómina de noviembre 2026' }) titulo!: string;
  @ApiProperty({ example: 'http://localhost:3000/uploads/documentos/1764000000000-nomina.pdf' }) url!: string;
  @ApiProperty({ type: RevisorDto, nullable: true, description: 'The admin who published it' }) autor!: RevisorDto | null;
  @ApiProperty({ type: String, format: 'date-time' }) fecha_creacion!: Date;
}

export class DocumentosPageDto {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ type: [DocumentoDto] }) data!: DocumentoDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}

export class DocumentoCreadoDto {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ example: 'Documento publicado correctamente.' }) message!: string;
  @ApiProperty({ type: DocumentoDto }) data!: DocumentoDto;
}

export class DocumentoEliminadoDto {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ example: 'Documento eliminado correctamente.' }) message!: string;
}

export interface DocumentoRow {
  id_documento: number;
  id_empleado: number;
  titulo: string;
  url: string;
  id_autor: number | null;
  autor_nombre: string | null;
  fecha_creacion: Date;
}

export function toDocumentoDto(row: DocumentoRow, forViewer: UrlForViewer): DocumentoDto {
  return {
    id_documento: row.id_documento,
    id_empleado: row.id_empleado,
    titulo: row.titulo,
    url: forViewer(row.url)!,
    autor: row.id_autor === null ? null : { id_empleado: row.id_autor, nombre: row.autor_nombre! },
    fecha_creacion: row.fecha_creacion,
  };
}
