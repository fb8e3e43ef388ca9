import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiProperty, ApiPropertyOptional, ApiQuery, getSchemaPath } from '@nestjs/swagger';
import { anyCasePattern } from '../../common/openapi-patterns.js';
import { ROL_NOMBRES } from '../../empleados/empleado-fields.js';
import { ENTERPRISE_USER_SCHEMA, MAX_RESULTS, USER_SCHEMA } from '../scim-schemas.js';
import { MAX_FILTER_LENGTH } from './scim-list-query.js';

/** The User resource as the service answers it (toScimUser); what requests send is scim-user-body.openapi.ts. */

const ROLES = Object.values(ROL_NOMBRES);

class ScimNameDto {
  @ApiProperty({ example: 'Ana García', description: 'nombre' }) formatted!: string;
  @ApiPropertyOptional({ example: 'Ana' }) givenName?: string;
  @ApiPropertyOptional({ example: 'García' }) familyName?: string;
}

class ScimEmailDto {
  @ApiProperty({ format: 'email', example: 'ana.garcia@example.com', description: 'correo' }) value!: string;
  @ApiProperty({ enum: ['work'] }) type!: 'work';
  @ApiProperty({ example: true }) primary!: boolean;
}

class ScimRoleDto {
  @ApiProperty({ enum: ROLES, example: ROLES[0] }) value!: string;
  @ApiProperty({ enum: ROLES, example: ROLES[0] }) display!: string;
  @ApiProperty({ example: true }) primary!: boolean;
}

class ScimManagerDto {
  @ApiProperty({ example: '7', description: "The manager's id (id_responsable)" }) value!: string;
  @ApiProperty({ example: 'Inés Jefa', description: "The manager's nombre" }) displayName!: string;
}

/**
 * The manager's `$ref` is a SCIM sub-attribute (RFC 7643 §2.3.7), not a JSON reference. Alone in a
 * `properties` of its own, no tool takes its object for a reference with siblings (Spectral's
 * no-$ref-siblings); Redocly, ajv and openapi-typescript read it as the member it is.
 */
const MANAGER_REFERENCE = {
  type: 'object',
  required: ['$ref'],
  properties: { $ref: { type: 'string', format: 'uri', example: 'https://ess.example.com/scim/v2/Users/7', description: "The manager's URL" } },
};

@ApiExtraModels(ScimManagerDto)
class ScimEnterpriseUserDto {
  @ApiProperty({ allOf: [{ $ref: getSchemaPath(ScimManagerDto) }, MANAGER_REFERENCE] }) manager!: ScimManagerDto & { $ref: string };
}

class ScimMetaDto {
  @ApiProperty({ enum: ['User'] }) resourceType!: 'User';
  @ApiProperty({ format: 'date-time' }) created!: string;
  @ApiProperty({ format: 'date-time' }) lastModified!: string;
  @ApiProperty({ format: 'uri', example: 'https://ess.example.com/scim/v2/Users/42' }) location!: string;
}

export class ScimUserDto {
  @ApiProperty({ type: 'array', items: { type: 'string', enum: [USER_SCHEMA, ENTERPRISE_USER_SCHEMA] }, example: [USER_SCHEMA] }) schemas!: string[];
  @ApiProperty({ example: '42', pattern: '^[1-9][0-9]*$', description: 'id_empleado' }) id!: string;
  @ApiProperty({ format: 'uuid', example: '0f8a4c3e-5b7d-4f1a-9c2e-6d3b8a1f0e47', description: "idp_oid: the user's Entra ID object ID, lower case" }) externalId!: string;
  @ApiProperty({ format: 'email', example: 'ana.garcia@example.com', description: 'correo' }) userName!: string;
  @ApiProperty({ example: 'Ana García', description: 'nombre' }) displayName!: string;
  @ApiProperty({ type: ScimNameDto }) name!: ScimNameDto;
  @ApiProperty({ example: true, description: 'activo' }) active!: boolean;
  @ApiProperty({ type: [ScimEmailDto], description: 'One: the work address, correo' }) emails!: ScimEmailDto[];
  @ApiProperty({ type: [ScimRoleDto], description: 'One: the role' }) roles!: ScimRoleDto[];
  @ApiPropertyOptional({ name: ENTERPRISE_USER_SCHEMA, type: ScimEnterpriseUserDto, description: 'Only when the user has a manager (then also listed in schemas)' })
  enterprise?: ScimEnterpriseUserDto;
  @ApiProperty({ type: ScimMetaDto }) meta!: ScimMetaDto;
}

/** RFC 7644 §3.4.2.2's `attribute eq "value"`, as scim-list-query.ts's FILTER reads it; the value a JSON string JSON.parse takes. */
const FILTER_ATTRIBUTE = [
  anyCasePattern('userName'),
  anyCasePattern('externalId'),
  `${anyCasePattern('emails')}\\s*\\[\\s*${anyCasePattern('type')}\\s+${anyCasePattern('eq')}\\s+"${anyCasePattern('work')}"\\s*\\]\\s*\\.\\s*${anyCasePattern('value')}`,
].join('|');
const JSON_STRING = '"(?:[^"\\\\\\x00-\\x1F]|\\\\["\\\\/bfnrt]|\\\\u[0-9A-Fa-f]{4})*"';
export const FILTER_PATTERN = `^\\s*(?:${FILTER_ATTRIBUTE})\\s+${anyCasePattern('eq')}\\s+${JSON_STRING}\\s*$`;

/** What parseUsuariosQuery's integerOf reads: up to nine digits, maybe negative. */
const INDEX_BOUNDS = { type: 'integer', minimum: -999_999_999, maximum: 999_999_999 } as const;

export const ApiScimListQuery = () =>
  applyDecorators(
    ApiQuery({
      name: 'filter',
      required: false,
      schema: { type: 'string', maxLength: MAX_FILTER_LENGTH, pattern: FILTER_PATTERN },
      example: 'userName eq "ana.garcia@example.com"',
      description: 'userName, externalId or emails[type eq "work"].value, with eq; names in any letter case',
    }),
    ApiQuery({ name: 'startIndex', required: false, schema: INDEX_BOUNDS, description: '1-based; default 1, and below 1 counts as 1' }),
    ApiQuery({ name: 'count', required: false, schema: INDEX_BOUNDS, description: `Default and most: ${MAX_RESULTS}; a negative count is 0 (totalResults only)` }),
  );
