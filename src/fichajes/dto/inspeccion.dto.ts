import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IsCalendarDate } from '../../common/calendar-date.validator.js';
import { MAX_DATE_TEXT_LENGTH } from '../../common/date-window.js';
import { Trimmed } from '../../common/dto-field-rules.js';
import { DATE_IN_WINDOW_PATTERN, NOT_BLANK_PATTERN, ZONED_DATE_TIME_IN_WINDOW_PATTERN } from '../../common/openapi-patterns.js';

export const MAX_DESCRIPCION_ACCESO = 500;
/** The register is kept four years (ET art. 34.9): an access spans at most that, leap day included. */
export const MAX_DIAS_ACCESO = 1_461;
/** An access lives at most 30 days: long enough for an inspection, short enough that a leaked URL soon dies. */
export const MAX_DIAS_CADUCIDAD = 30;

export class CreateAccesoInspeccionDto {
  @ApiProperty({ format: 'date', pattern: DATE_IN_WINDOW_PATTERN, example: '2026-01-01', description: 'First working day of the register the access shows, YYYY-MM-DD' })
  @IsCalendarDate()
  desde!: string;

  @ApiProperty({
    format: 'date',
    pattern: DATE_IN_WINDOW_PATTERN,
    example: '2026-06-30',
    description: `Last working day shown, on or after desde; at most ${MAX_DIAS_ACCESO} days in all (the four years the register is kept)`,
  })
  @IsCalendarDate()
  hasta!: string;

  @ApiProperty({
    pattern: ZONED_DATE_TIME_IN_WINDOW_PATTERN,
    maxLength: MAX_DATE_TEXT_LENGTH,
    example: '2026-07-15 23:59:59',
    description: `When the URL stops working: after now and at most ${MAX_DIAS_CADUCIDAD} days from now. YYYY-MM-DD HH:mm:ss in COMPANY_TIMEZONE (also with T, without seconds, or a bare date for midnight), or ISO 8601 with Z or an offset`,
  })
  @IsString()
  @MaxLength(MAX_DATE_TEXT_LENGTH)
  caduca!: string;

  @ApiProperty({ example: 'Requerimiento ITSS 28/123456/26, inspectora María Pérez', minLength: 1, maxLength: MAX_DESCRIPCION_ACCESO, pattern: NOT_BLANK_PATTERN, description: 'Who it is for and why; trimmed' })
  @Trimmed()
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_DESCRIPCION_ACCESO)
  descripcion!: string;
}
