import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { Omittable } from '../../common/dto-field-rules.js';
import { FORMATOS_REGISTRO, type FormatoRegistro } from '../registro-fila.js';
import { FORMATO_DOC } from './exportacion.query.js';

/** Keys are 32 random bytes in base64url (43 characters); anything longer is not one. */
export const MAX_CLAVE_LENGTH = 100;

export class RegistroInspeccionQuery {
  @ApiProperty({ maxLength: MAX_CLAVE_LENGTH, description: 'The secret of the access, as in the URL POST /api/fichajes/accesos-inspeccion showed' })
  @IsString()
  @MaxLength(MAX_CLAVE_LENGTH)
  clave!: string;

  @ApiPropertyOptional(FORMATO_DOC)
  @Omittable()
  @IsIn(FORMATOS_REGISTRO)
  formato: FormatoRegistro = 'csv';
}
