import { ApiProperty } from '@nestjs/swagger';
import { IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { MAX_DATE_TEXT_LENGTH } from '../../common/date-window.js';
import { DATE_IN_WINDOW_PATTERN } from '../../common/openapi-patterns.js';
import { MAX_SERIAL } from '../../common/parse-id.pipe.js';

const FECHA = { format: 'date', pattern: DATE_IN_WINDOW_PATTERN, maxLength: MAX_DATE_TEXT_LENGTH } as const;

/** Dates are checked by the service, which names every bad one in a single 400 `fecha_invalida`. */
export class CreateDelegacionDto {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_SERIAL, example: 7, description: 'An active employee other than the caller' })
  @IsInt()
  @Min(1)
  @Max(MAX_SERIAL)
  id_delegado!: number;

  @ApiProperty({ ...FECHA, example: '2026-12-21', description: 'First day, YYYY-MM-DD, a real date from 1900-01-01 to 2999-12-31 (otherwise 400 `fecha_invalida` naming the field)' })
  @IsString()
  @MaxLength(MAX_DATE_TEXT_LENGTH)
  desde!: string;

  @ApiProperty({ ...FECHA, example: '2027-01-08', description: 'Last day, included; same format, on or after `desde` and not before today in COMPANY_TIMEZONE' })
  @IsString()
  @MaxLength(MAX_DATE_TEXT_LENGTH)
  hasta!: string;
}
