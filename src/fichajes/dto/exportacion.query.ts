import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { IsCalendarDate } from '../../common/calendar-date.validator.js';
import { Omittable } from '../../common/dto-field-rules.js';
import { DATE_IN_WINDOW_PATTERN } from '../../common/openapi-patterns.js';
import { FORMATOS_REGISTRO, type FormatoRegistro } from '../registro-fila.js';

export const FORMATO_DOC = {
  enum: FORMATOS_REGISTRO,
  default: 'csv',
  description: 'csv: `;`-separated (as Spanish Excel opens it, RFC 4180 quoting) with a header row, UTF-8 with a byte order mark; json: an array of records',
} as const;

export class ExportacionQuery {
  @ApiProperty({ format: 'date', pattern: DATE_IN_WINDOW_PATTERN, example: '2026-01-01', description: 'First working day (fecha of the records), YYYY-MM-DD' })
  @IsCalendarDate()
  desde!: string;

  @ApiProperty({ format: 'date', pattern: DATE_IN_WINDOW_PATTERN, example: '2026-12-31', description: 'Last working day, on or after desde and at most 366 days in all' })
  @IsCalendarDate()
  hasta!: string;

  @ApiPropertyOptional(FORMATO_DOC)
  @Omittable()
  @IsIn(FORMATOS_REGISTRO)
  formato: FormatoRegistro = 'csv';
}
