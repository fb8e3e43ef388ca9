import { ApiProperty } from '@nestjs/swagger';
import { PaginationDto } from '../../common/pagination.js';
import { RECURSOS_ACCESO, type RecursoAcceso } from '../acceso-datos.js';

export class LectorDto {
  @ApiProperty({ example: 2 }) id_empleado!: number;
  @ApiProperty({ example: 'Marta Ruiz' }) nombre!: string;
}

/** One read of the caller's data by someone else; not the reader's address, which is the reader's own data (GDPR art. 15(4)). */
export class AccesoDto {
  @ApiProperty({ example: 41 }) id_acceso!: number;
  @ApiProperty({ type: LectorDto, description: 'Who read it' }) lector!: LectorDto;
  @ApiProperty({ enum: RECURSOS_ACCESO, example: 'solicitud', description: 'What kind of data was read' }) recurso!: RecursoAcceso;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '15',
    description: "Which record: a request's or document's id, a stored file's id, a period (desde/hasta) or month of the time register, or the part of the employee record (ficha, historial, jornadas); null for a list",
  })
  id_recurso!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) instante!: Date;
}

export class AccesosPageDto {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ type: [AccesoDto] }) data!: AccesoDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}

export interface AccesoRow {
  id_acceso: string;
  id_lector: number;
  lector_nombre: string;
  recurso: RecursoAcceso;
  id_recurso: string | null;
  instante: Date;
}

export function toAccesoDto(row: AccesoRow): AccesoDto {
  return {
    id_acceso: Number(row.id_acceso),
    lector: { id_empleado: row.id_lector, nombre: row.lector_nombre },
    recurso: row.recurso,
    id_recurso: row.id_recurso,
    instante: row.instante,
  };
}
