import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { IsCalendarDate } from '../../common/calendar-date.validator.js';
import { DATE_IN_WINDOW_PATTERN } from '../../common/openapi-patterns.js';

const MAX_ID = 2_147_483_647;

export class VerificacionQuery {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_ID, example: 1, description: 'Whose chain' })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  id_empleado!: number;

  @ApiProperty({ format: 'date', pattern: DATE_IN_WINDOW_PATTERN, example: '2026-01-01', description: 'First working day, YYYY-MM-DD' })
  @IsCalendarDate()
  desde!: string;

  @ApiProperty({ format: 'date', pattern: DATE_IN_WINDOW_PATTERN, example: '2026-12-31', description: 'Last working day, on or after desde and at most 366 days in all' })
  @IsCalendarDate()
  hasta!: string;
}
