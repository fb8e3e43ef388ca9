import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { PaginationDto, PaginationQueryDto } from '../../common/pagination.js';
import { MAX_SERIAL } from '../../common/parse-id.pipe.js';
import { RevisorDto } from '../../solicitudes/dto/solicitud.response.js';
import type { TipoRegistroPrivacidad } from '../../registro-privacidad/registro-privacidad.js';

export const TIPOS_REGISTRO: readonly TipoRegistroPrivacidad[] = ['exportacion', 'consulta_bloqueados', 'bloqueo', 'purga', 'supresion'];

export class ListarRegistroQuery extends PaginationQueryDto {
  @ApiPropertyOptional({ enum: TIPOS_REGISTRO, description: 'Only entries of this kind; left out, all of them' })
  @IsOptional()
  @IsIn(TIPOS_REGISTRO)
  tipo?: TipoRegistroPrivacidad;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_SERIAL, description: "Only entries about this employee's data" })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_SERIAL)
  id_empleado?: number;
}

export class EntradaRegistroDto {
  @ApiProperty({ example: 118 })
  id_registro!: number;

  @ApiProperty({ enum: TIPOS_REGISTRO, example: 'supresion' })
  tipo!: TipoRegistroPrivacidad;

  @ApiProperty({ type: String, format: 'date-time', example: '2026-12-01T09:30:00.000Z' })
  instante!: Date;

  @ApiProperty({ type: RevisorDto, nullable: true, description: 'Who did it; null for the scheduled blocking and purge runs' })
  actor!: RevisorDto | null;

  @ApiProperty({ type: RevisorDto, nullable: true, description: 'Whose data; null for a run that covers many employees' })
  empleado!: RevisorDto | null;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    example: { id_consulta: 7, accion: 'vista', motivo: 'Requerimiento del Juzgado de lo Social n.º 3 de Madrid, autos 123/2026' },
    description: 'What was done: an erasure answer as it was given, a view with its reason, the counts of a run',
  })
  detalle!: Record<string, unknown>;
}

export class RegistroPrivacidadDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ type: [EntradaRegistroDto], description: 'Newest first' })
  data!: EntradaRegistroDto[];

  @ApiProperty({ type: PaginationDto })
  pagination!: PaginationDto;
}
