import { EMAIL_PATTERN, GUID_PATTERN, SINGLE_LINE_TEXT_PATTERN } from '../../common/openapi-patterns.js';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, type TransformFnParams } from 'class-transformer';
import { IsBoolean, IsEmail, IsInt, IsNotEmpty, IsOptional, IsString, IsUrl, Matches, Max, MaxLength, Min } from 'class-validator';
import { Omittable, trim } from '../../common/dto-field-rules.js';
import { HTTP_URL, MAX_URL_LENGTH } from '../../solicitudes/dto/create-solicitud-con-fechas.dto.js';
import { blankOrUrlFieldDoc } from '../../uploads/url-field.openapi.js';
import { URL_RULES } from '../../uploads/url-field-rules.js';
import { IDP_OID_PATTERN, MAX_CORREO, MAX_DIRECCION, MAX_NOMBRE, MAX_TELEFONO, normalizeIdpOid, TELEFONO_PATTERN, TRIMMED_TELEFONO_PATTERN, WITHOUT_CONTROL_CHARACTERS } from '../empleado-fields.js';
import { ROL_IDS } from '../../catalogs/catalog-values.js';
import { MAX_SERIAL } from '../../common/parse-id.pipe.js';
import { IsCalendarDate } from '../../common/calendar-date.validator.js';
import { DATE_IN_WINDOW_PATTERN } from '../../common/openapi-patterns.js';

/** Blank optional text means "none": an admin panel sends '' for a cleared input. */
const blankToNull = ({ value }: TransformFnParams): unknown => (typeof value === 'string' ? value.trim() || null : value);
const lowerCaseOid = ({ value }: TransformFnParams): unknown => (typeof value === 'string' ? normalizeIdpOid(value) : value);

/** `required`: the create body needs it; otherwise it may be left out (but not sent as null). */
const presence = (required: boolean) => (required ? [] : [Omittable()]);
const doc = (required: boolean, options: Parameters<typeof ApiProperty>[0]) => (required ? ApiProperty(options) : ApiPropertyOptional(options));

export const CorreoField = (required: boolean) =>
  applyDecorators(
    doc(required, { format: 'email', pattern: EMAIL_PATTERN, example: 'ana.garcia@example.com', maxLength: MAX_CORREO, description: 'Unique, case-insensitively' }),
    ...presence(required),
    Transform(trim),
    IsString(),
    IsEmail(),
    MaxLength(MAX_CORREO),
  );

export const NombreField = (required: boolean) =>
  applyDecorators(
    doc(required, { example: 'Ana García', minLength: 1, maxLength: MAX_NOMBRE, pattern: SINGLE_LINE_TEXT_PATTERN, description: 'No line breaks or other control characters' }),
    ...presence(required),
    Transform(trim),
    IsString(),
    IsNotEmpty(),
    MaxLength(MAX_NOMBRE),
    Matches(WITHOUT_CONTROL_CHARACTERS),
  );

export const IdpOidField = () =>
  applyDecorators(
    // format uuid alone would take `urn:uuid:…`, which the pattern refuses.
    ApiProperty({ format: 'uuid', pattern: GUID_PATTERN, example: '0f8a4c3e-5b7d-4f1a-9c2e-6d3b8a1f0e47', description: "The user's Object ID in Entra ID (a GUID): the `oid` claim of their tokens" }),
    Transform(lowerCaseOid),
    IsString(),
    Matches(IDP_OID_PATTERN),
  );

export const IdRolField = () =>
  applyDecorators(
    ApiPropertyOptional({ type: 'integer', enum: ROL_IDS, description: '1 Empleado, 2 Administrador, 3 Super Administrador, 4 Representante (workers’ representative). Only a Super Admin assigns 2, 3 or 4' }),
    Omittable(),
    IsInt(),
    Min(1),
    Max(Math.max(...ROL_IDS)),
  );

export const TelefonoField = () =>
  applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true, pattern: TRIMMED_TELEFONO_PATTERN, example: '+34 600 123 456', maxLength: MAX_TELEFONO, description: 'Trimmed; null or blank clears it' }),
    Transform(blankToNull),
    IsOptional(),
    IsString(),
    Matches(TELEFONO_PATTERN),
  );

export const DireccionField = () =>
  applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true, example: 'Calle Mayor 1, 28013 Madrid', maxLength: MAX_DIRECCION, description: 'null or empty clears it' }),
    Transform(blankToNull),
    IsOptional(),
    IsString(),
    MaxLength(MAX_DIRECCION),
  );

export const ImgPerfilField = () =>
  applyDecorators(
    ApiPropertyOptional({ type: String, ...blankOrUrlFieldDoc(URL_RULES.imagenPerfil), nullable: true, example: 'http://localhost:3000/uploads/solicitudes/1764000000000-ana.png', maxLength: MAX_URL_LENGTH, description: 'null, empty or blank clears it' }),
    Transform(blankToNull),
    IsOptional(),
    IsString(),
    IsUrl(HTTP_URL),
    MaxLength(MAX_URL_LENGTH),
  );

export const ActivoField = () =>
  applyDecorators(
    ApiPropertyOptional({ description: 'false deactivates: their next request is refused. Nobody deactivates themselves' }),
    Omittable(),
    IsBoolean(),
  );

/** An optional reference to another row by its id; null clears it. */
const NullableIdField = (example: number, description: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 1, maximum: MAX_SERIAL, example, description }),
    IsOptional(),
    IsInt(),
    Min(1),
    Max(MAX_SERIAL),
  );

export const IdCentroTrabajoField = () =>
  NullableIdField(1, "The employee's work centre (an id_centro_trabajo, 400 centro_no_encontrado otherwise); null clears it: no centre, national holidays only");

/** `fecha_alta` or `fecha_baja`: a date, or null to clear it. */
export const FechaAltaBajaField = (description: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: String, format: 'date', nullable: true, pattern: DATE_IN_WINDOW_PATTERN, example: '2024-03-01', description: `${description}, YYYY-MM-DD; null clears it. fecha_alta may not come after fecha_baja (400 alta_posterior_a_baja)` }),
    IsOptional(),
    IsCalendarDate(),
  );

export const IdResponsableField = () =>
  NullableIdField(3, "The employee's manager (an id_empleado); null clears it. Not the employee themselves, nor anyone they manage directly or indirectly");
