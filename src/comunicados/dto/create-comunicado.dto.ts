import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Omittable, trim } from '../../common/dto-field-rules.js';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, IsUrl, Matches, MaxLength } from 'class-validator';
import { MAX_DATE_TEXT_LENGTH } from '../../common/date-window.js';
import { HTTP_URL, MAX_URL_LENGTH } from '../../solicitudes/dto/create-solicitud-con-fechas.dto.js';
import { urlFieldDoc } from '../../uploads/url-field.openapi.js';
import { URL_RULES } from '../../uploads/url-field-rules.js';
import { NOT_BLANK_PATTERN, ZONED_DATE_TIME_IN_WINDOW_PATTERN } from '../../common/openapi-patterns.js';

export const MAX_TITULO = 200;
export const MAX_CONTENIDO = 20_000;
/** Blank content is no content; otherwise it is kept exactly as written (its layout may matter). */
export const NOT_BLANK = /\S/;

export const FECHA_PUBLICACION_DOC = {
  pattern: ZONED_DATE_TIME_IN_WINDOW_PATTERN,
  example: '2026-12-01 09:00:00',
  maxLength: MAX_DATE_TEXT_LENGTH,
  description:
    'YYYY-MM-DD HH:mm:ss in COMPANY_TIMEZONE (also with T, without seconds, or a bare date for midnight), or ISO 8601 with Z or an offset. ' +
    'Its date in COMPANY_TIMEZONE lies from 1900-01-01 to 2999-12-31 (otherwise 400 `fecha_invalida` naming the field). ' +
    'The announcement is visible, and notified, from then on.',
};

export class CreateComunicadoDto {
  @ApiProperty({ example: 'Cierre de oficina el 8 de diciembre', minLength: 1, maxLength: MAX_TITULO, pattern: NOT_BLANK_PATTERN })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_TITULO)
  titulo!: string;

  @ApiProperty({ example: 'La oficina permanecerá cerrada por el festivo de la Inmaculada Concepción.', minLength: 1, maxLength: MAX_CONTENIDO, pattern: NOT_BLANK_PATTERN })
  @IsString()
  @Matches(NOT_BLANK)
  @MaxLength(MAX_CONTENIDO)
  contenido!: string;

  @ApiPropertyOptional({ ...FECHA_PUBLICACION_DOC, description: `${FECHA_PUBLICACION_DOC.description} Defaults to now.` })
  @Omittable()
  @IsString()
  @MaxLength(MAX_DATE_TEXT_LENGTH)
  fecha_publicacion?: string;

  @ApiPropertyOptional({ default: true, description: 'false keeps it as a hidden draft' })
  @Omittable()
  @IsBoolean()
  activo?: boolean;

  @ApiPropertyOptional({ type: String, ...urlFieldDoc(URL_RULES.multimedia), nullable: true, example: 'http://localhost:3000/uploads/comunicados/1764000000000-cartel.png', maxLength: MAX_URL_LENGTH })
  @IsOptional()
  @IsUrl(HTTP_URL)
  @MaxLength(MAX_URL_LENGTH)
  url_multimedia?: string | null;
}
