import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, type TransformFnParams } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { COMUNIDAD_AUTONOMA_CODIGOS } from '../../catalogs/comunidades-autonomas.js';
import { Omittable, trim, WITHOUT_CONTROL_CHARACTERS } from '../../common/dto-field-rules.js';
import { SINGLE_LINE_TEXT_PATTERN } from '../../common/openapi-patterns.js';
import { CODIGO_CENTRO_PATTERN, MAX_CODIGO_CENTRO, MAX_LOCALIDAD, MAX_NOMBRE_CENTRO, MAX_ZONA_HORARIA } from '../centro-trabajo-fields.js';

/** The shape of an IANA name; whether it is one is the runtime's time zone database (400 zona_horaria_invalida). */
const ZONA_HORARIA_PATTERN = '^\\s*[A-Za-z][A-Za-z0-9_+/-]*\\s*$';

const blankToNull = ({ value }: TransformFnParams): unknown => (typeof value === 'string' ? value.trim() || null : value);

/** `required`: the create body needs it; otherwise it may be left out (but not sent as null). */
const presence = (required: boolean) => (required ? [] : [Omittable()]);
const doc = (required: boolean, options: Parameters<typeof ApiProperty>[0]) => (required ? ApiProperty(options) : ApiPropertyOptional(options));

export const NombreCentroField = (required: boolean) =>
  applyDecorators(
    doc(required, { example: 'Oficina de Madrid', minLength: 1, maxLength: MAX_NOMBRE_CENTRO, pattern: SINGLE_LINE_TEXT_PATTERN, description: 'Trimmed; no line breaks or other control characters' }),
    ...presence(required),
    Transform(trim),
    IsString(),
    IsNotEmpty(),
    MaxLength(MAX_NOMBRE_CENTRO),
    Matches(WITHOUT_CONTROL_CHARACTERS),
  );

export const CodigoCentroField = (required: boolean) =>
  applyDecorators(
    doc(required, {
      example: 'MAD',
      minLength: 1,
      maxLength: MAX_CODIGO_CENTRO,
      pattern: `^\\s*${CODIGO_CENTRO_PATTERN.source.slice(1, -1)}\\s*$`,
      description: 'Trimmed; letters, digits, dots, dashes and underscores. Unique, case-insensitively (409 centro_duplicado). The CSV import and SCIM name the centre by it',
    }),
    ...presence(required),
    Transform(trim),
    IsString(),
    IsNotEmpty(),
    MaxLength(MAX_CODIGO_CENTRO),
    Matches(CODIGO_CENTRO_PATTERN),
  );

export const ComunidadAutonomaField = (required: boolean) =>
  applyDecorators(
    doc(required, { enum: COMUNIDAD_AUTONOMA_CODIGOS, example: 'ES-MD', description: 'ISO 3166-2 code of the autonomous community or city the centre is in' }),
    ...presence(required),
    IsIn(COMUNIDAD_AUTONOMA_CODIGOS),
  );

export const LocalidadField = () =>
  applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true, example: 'Madrid', maxLength: MAX_LOCALIDAD, pattern: `^\\s*$|${SINGLE_LINE_TEXT_PATTERN}`, description: 'The town, trimmed; null or blank clears it' }),
    Transform(blankToNull),
    IsOptional(),
    IsString(),
    MaxLength(MAX_LOCALIDAD),
    Matches(WITHOUT_CONTROL_CHARACTERS),
  );

export const ZonaHorariaField = (description: string) =>
  applyDecorators(
    ApiPropertyOptional({ example: 'Europe/Madrid', minLength: 1, maxLength: MAX_ZONA_HORARIA, pattern: ZONA_HORARIA_PATTERN, description: `An IANA time zone name, in any case (400 zona_horaria_invalida otherwise). ${description}` }),
    Omittable(),
    Transform(trim),
    IsString(),
    IsNotEmpty(),
    MaxLength(MAX_ZONA_HORARIA),
  );
