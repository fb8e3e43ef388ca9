import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { IsCalendarDate } from '../../common/calendar-date.validator.js';
import { Omittable } from '../../common/dto-field-rules.js';
import { DATE_IN_WINDOW_PATTERN } from '../../common/openapi-patterns.js';

const MAX_ID = 2_147_483_647;

/** A period of working days, both included; services bound its length. */
class RangoFichajesQuery {
  @ApiProperty({ format: 'date', pattern: DATE_IN_WINDOW_PATTERN, example: '2026-01-01', description: 'First working day, YYYY-MM-DD' })
  @IsCalendarDate()
  desde!: string;

  @ApiProperty({ format: 'date', pattern: DATE_IN_WINDOW_PATTERN, example: '2026-12-31', description: 'Last working day, on or after desde and at most 366 days in all' })
  @IsCalendarDate()
  hasta!: string;
}

export class VerificacionQuery extends RangoFichajesQuery {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_ID, example: 1, description: 'Whose chain' })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  id_empleado!: number;
}

export class FichajesQuery extends RangoFichajesQuery {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_ID, example: 7, description: 'Whose records; left out: the caller’s own' })
  @Omittable()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  id_empleado?: number;
}
