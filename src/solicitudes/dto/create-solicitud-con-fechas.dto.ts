import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, IsUrl, MaxLength } from 'class-validator';
import { MAX_DATE_TEXT_LENGTH } from '../../common/date-window.js';
import { CALENDAR_DATE_IN_WINDOW_PATTERN } from '../../common/openapi-patterns.js';
import { urlFieldDoc } from '../../uploads/url-field.openapi.js';
import { URL_RULES } from '../../uploads/url-field-rules.js';

export const MAX_URL_LENGTH = 2048;
export const HTTP_URL = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };

/** Body of vacation, permission, absence and remote-work requests. Dates are checked by the service. */
export class CreateSolicitudConFechasDto {
  @ApiProperty({
    pattern: CALENDAR_DATE_IN_WINDOW_PATTERN,
    example: '2026-12-21',
    maxLength: MAX_DATE_TEXT_LENGTH,
    description: 'ISO 8601 date or date-time from 1900-01-01 to 2999-12-31 (otherwise 400 `fecha_invalida` naming the field); a date-time counts as its date in COMPANY_TIMEZONE',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_DATE_TEXT_LENGTH)
  fecha_inicio!: string;

  @ApiProperty({ pattern: CALENDAR_DATE_IN_WINDOW_PATTERN, example: '2026-12-24', maxLength: MAX_DATE_TEXT_LENGTH, description: 'Same formats; on or after fecha_inicio, at most 366 calendar days from it, both included (otherwise 400 `rango_demasiado_largo`)' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_DATE_TEXT_LENGTH)
  fecha_fin!: string;

  @ApiPropertyOptional({ example: 'Viaje familiar', maxLength: 2000 })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  descripcion?: string;

  @ApiPropertyOptional({ ...urlFieldDoc(URL_RULES.adjuntoSolicitud), example: 'http://localhost:3000/uploads/solicitudes/1764000000000-justificante.pdf', maxLength: MAX_URL_LENGTH })
  @IsOptional()
  @IsUrl(HTTP_URL)
  @MaxLength(MAX_URL_LENGTH)
  url_documento?: string;
}
