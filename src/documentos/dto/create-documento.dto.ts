import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsString, IsUrl, Max, MaxLength, Min } from 'class-validator';
import { HTTP_URL, MAX_URL_LENGTH } from '../../solicitudes/dto/create-solicitud-con-fechas.dto.js';
import { urlFieldDoc } from '../../uploads/url-field.openapi.js';
import { URL_RULES } from '../../uploads/url-field-rules.js';
import { MAX_SERIAL } from '../../common/parse-id.pipe.js';
import { NOT_BLANK_PATTERN } from '../../common/openapi-patterns.js';

export class CreateDocumentoDto {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_SERIAL, example: 7 })
  @IsInt()
  @Min(1)
  @Max(MAX_SERIAL)
  id_empleado!: number;

  @ApiProperty({ example: 'Nómina de noviembre 2026', minLength: 1, maxLength: 200, pattern: NOT_BLANK_PATTERN })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  titulo!: string;

  @ApiProperty({ ...urlFieldDoc(URL_RULES.documento), example: 'http://localhost:3000/uploads/documentos/1764000000000-nomina.pdf', maxLength: MAX_URL_LENGTH })
  @IsUrl(HTTP_URL)
  @MaxLength(MAX_URL_LENGTH)
  url!: string;
}
