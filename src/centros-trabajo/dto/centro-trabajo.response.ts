import { ApiProperty } from '@nestjs/swagger';
import { COMUNIDAD_AUTONOMA_CODIGOS, type ComunidadAutonoma } from '../../catalogs/comunidades-autonomas.js';
import { PaginationDto } from '../../common/pagination.js';
import type { CentroTrabajo } from '../entities/centro-trabajo.entity.js';

export class CentroTrabajoDto {
  @ApiProperty({ type: 'integer', example: 1 }) id_centro_trabajo!: number;
  @ApiProperty({ example: 'Oficina de Madrid' }) nombre!: string;
  @ApiProperty({ example: 'MAD' }) codigo!: string;
  @ApiProperty({ enum: COMUNIDAD_AUTONOMA_CODIGOS, example: 'ES-MD', description: 'ISO 3166-2 code of the autonomous community or city' }) comunidad_autonoma!: ComunidadAutonoma;
  @ApiProperty({ type: String, nullable: true, example: 'Madrid' }) localidad!: string | null;
  @ApiProperty({ example: 'Europe/Madrid', description: 'IANA time zone' }) zona_horaria!: string;
}

export class CentrosTrabajoPageDto {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ type: [CentroTrabajoDto] }) data!: CentroTrabajoDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}

export class CentroTrabajoResponseDto {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ type: CentroTrabajoDto }) data!: CentroTrabajoDto;
}

/** How an employee's record names their centre. */
export class CentroTrabajoResumenDto {
  @ApiProperty({ type: 'integer', example: 1 }) id_centro_trabajo!: number;
  @ApiProperty({ example: 'Oficina de Madrid' }) nombre!: string;
  @ApiProperty({ example: 'MAD' }) codigo!: string;
}

export function toCentroTrabajo(centro: CentroTrabajo): CentroTrabajoDto {
  const { id_centro_trabajo, nombre, codigo, comunidad_autonoma, localidad, zona_horaria } = centro;
  return { id_centro_trabajo, nombre, codigo, comunidad_autonoma, localidad, zona_horaria };
}
