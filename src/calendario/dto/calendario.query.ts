import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { parseBooleanWord } from '../../common/dto-field-rules.js';
import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import { IsCalendarDate } from '../../common/calendar-date.validator.js';
import { DATE_IN_WINDOW_PATTERN } from '../../common/openapi-patterns.js';

const MAX_ID = 2_147_483_647;

export class CalendarioQuery {
  @ApiProperty({ format: 'date', pattern: DATE_IN_WINDOW_PATTERN, example: '2026-07-01', description: 'First day, YYYY-MM-DD from 1900-01-01 to 2999-12-31' })
  @IsCalendarDate()
  desde!: string;

  @ApiProperty({ format: 'date', pattern: DATE_IN_WINDOW_PATTERN, example: '2026-07-31', description: 'Last day, on or after desde and at most 93 days in all' })
  @IsCalendarDate()
  hasta!: string;

  @ApiPropertyOptional({ type: 'boolean', default: false, description: 'Also pending requests' })
  @IsOptional()
  @Transform(parseBooleanWord)
  @IsBoolean()
  incluir_pendientes?: boolean;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_ID, description: 'Only this employee' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  id_empleado?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_ID, description: "Only this manager's direct reports" })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  id_responsable?: number;
}
