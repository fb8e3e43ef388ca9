import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUrl, Matches, MaxLength, ValidateIf } from 'class-validator';
import { TELEFONO_PATTERN } from '../../empleados/empleado-fields.js';
import { urlFieldDoc } from '../../uploads/url-field.openapi.js';
import { URL_RULES } from '../../uploads/url-field-rules.js';
import { HTTP_URL, MAX_URL_LENGTH } from './create-solicitud-con-fechas.dto.js';

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/** At least one field must carry a value; empty strings count as not given (checked by the service). */
export class CreateActualizacionPerfilDto {
  @ApiPropertyOptional({ pattern: TELEFONO_PATTERN.source, example: '+34 600 123 456', maxLength: 30 })
  @IsOptional()
  @IsString()
  // Anything but text is validated (and refused by @IsString), not trimmed: `{"telefono":0}` was a 500.
  @ValidateIf((dto: CreateActualizacionPerfilDto) => typeof dto.telefono !== 'string' || given(dto.telefono.trim()))
  @Matches(TELEFONO_PATTERN)
  telefono?: string;

  @ApiPropertyOptional({ example: 'Calle Mayor 1, 28013 Madrid', maxLength: 300 })
  @IsOptional()
  @IsString()
  @MaxLength(300)
  direccion?: string;

  @ApiPropertyOptional({ ...urlFieldDoc(URL_RULES.imagenPerfilPropia), example: 'http://localhost:3000/uploads/solicitudes/1764000000000-ana.png', maxLength: MAX_URL_LENGTH })
  @IsOptional()
  @IsString()
  @ValidateIf((dto: CreateActualizacionPerfilDto) => given(dto.img_perfil))
  @IsUrl(HTTP_URL)
  @MaxLength(MAX_URL_LENGTH)
  img_perfil?: string;
}
