import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { IsCalendarDate } from '../../common/calendar-date.validator.js';
import { DATE_IN_WINDOW_PATTERN } from '../../common/openapi-patterns.js';
import { MAX_SERIAL } from '../../common/parse-id.pipe.js';
import { PaginationDto } from '../../common/pagination.js';

export class AsignarJornadaDto {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_SERIAL, example: 2, description: 'A schedule (400 jornada_no_encontrada otherwise)' })
  @IsInt()
  @Min(1)
  @Max(MAX_SERIAL)
  id_jornada!: number;

  @ApiProperty({ format: 'date', pattern: DATE_IN_WINDOW_PATTERN, example: '2027-01-01', description: 'The first day it applies, YYYY-MM-DD; it applies until the next assignment. An assignment from the same day is replaced' })
  @IsCalendarDate()
  desde!: string;
}

export class AsignacionJornadaDto {
  @ApiProperty({ type: 'integer', example: 5 }) id_empleado_jornada!: number;
  @ApiProperty({ type: String, format: 'date', example: '2027-01-01', description: 'In force from this day until the next assignment' }) desde!: string;
  @ApiProperty({ type: 'integer', example: 2 }) id_jornada!: number;
  @ApiProperty({ example: 'Semana de cuatro días', description: "The schedule's name" }) nombre!: string;
  @ApiProperty({ type: String, format: 'date-time', description: 'When it was assigned' }) fecha_registro!: Date;
}

export class AsignacionJornadaResponseDto {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ type: AsignacionJornadaDto }) data!: AsignacionJornadaDto;
}

export class AsignacionesJornadaPageDto {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ type: [AsignacionJornadaDto], description: 'Newest desde first' }) data!: AsignacionJornadaDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}
