import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, IsUrl, Matches, MaxLength } from 'class-validator';
import { MAX_DATE_TEXT_LENGTH } from '../../common/date-window.js';
import { NOT_BLANK_PATTERN } from '../../common/openapi-patterns.js';
import { HTTP_URL, MAX_URL_LENGTH } from '../../solicitudes/dto/create-solicitud-con-fechas.dto.js';
import { urlFieldDoc } from '../../uploads/url-field.openapi.js';
import { URL_RULES } from '../../uploads/url-field-rules.js';
import { Omittable, trim } from '../../common/dto-field-rules.js';
import { FECHA_PUBLICACION_DOC, MAX_CONTENIDO, MAX_TITULO, NOT_BLANK } from './create-comunicado.dto.js';

/** A partial update: at least one field must be given (checked by the service). */
export class UpdateComunicadoDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: MAX_TITULO, pattern: NOT_BLANK_PATTERN })
  @Omittable()
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_TITULO)
  titulo?: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: MAX_CONTENIDO, pattern: NOT_BLANK_PATTERN })
  @Omittable()
  @IsString()
  @Matches(NOT_BLANK)
  @MaxLength(MAX_CONTENIDO)
  contenido?: string;

  @ApiPropertyOptional(FECHA_PUBLICACION_DOC)
  @Omittable()
  @IsString()
  @MaxLength(MAX_DATE_TEXT_LENGTH)
  fecha_publicacion?: string;

  @ApiPropertyOptional({ description: 'true reactivates a deactivated announcement or publishes a draft; false hides it' })
  @Omittable()
  @IsBoolean()
  activo?: boolean;

  @ApiPropertyOptional({ type: String, ...urlFieldDoc(URL_RULES.multimedia), nullable: true, maxLength: MAX_URL_LENGTH, description: 'null removes the media' })
  @IsOptional()
  @IsUrl(HTTP_URL)
  @MaxLength(MAX_URL_LENGTH)
  url_multimedia?: string | null;
}
