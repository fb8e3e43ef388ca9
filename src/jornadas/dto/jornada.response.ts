import { ApiProperty } from '@nestjs/swagger';
import { PaginationDto } from '../../common/pagination.js';
import { horasSemana } from '../jornada-fields.js';
import type { Jornada } from '../entities/jornada.entity.js';
import { PeriodoJornadaDto, semanaDoc } from './jornada-body.decorators.js';

const HORAS = semanaDoc([8, 8, 8, 8, 8, 0, 0], 'Hours each weekday, Monday first');

export class JornadaDto {
  @ApiProperty({ type: 'integer', example: 1 }) id_jornada!: number;
  @ApiProperty({ example: 'Jornada completa' }) nombre!: string;
  @ApiProperty(HORAS) horas!: number[];
  @ApiProperty({ type: [PeriodoJornadaDto] }) periodos!: PeriodoJornadaDto[];
  @ApiProperty({ example: 40, description: 'The sum of horas: the ordinary week, outside the periods' }) horas_semana!: number;
}

export class JornadasPageDto {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ type: [JornadaDto] }) data!: JornadaDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}

export class JornadaResponseDto {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ type: JornadaDto }) data!: JornadaDto;
}

/** The schedule an employee works today, as their record shows it. */
export class JornadaVigenteDto {
  @ApiProperty({ type: 'integer', example: 2 }) id_jornada!: number;
  @ApiProperty({ example: 'Semana de cuatro días' }) nombre!: string;
  @ApiProperty(HORAS) horas!: number[];
  @ApiProperty({ type: [PeriodoJornadaDto] }) periodos!: PeriodoJornadaDto[];
  @ApiProperty({ type: String, format: 'date', example: '2027-01-01', description: 'In force since' }) desde!: string;
}

export function toJornada(jornada: Jornada): JornadaDto {
  const { id_jornada, nombre, horas, periodos } = jornada;
  return { id_jornada, nombre, horas, periodos, horas_semana: horasSemana(horas) };
}
