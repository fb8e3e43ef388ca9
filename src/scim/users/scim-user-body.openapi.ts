import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { anyCasePattern, EMAIL_PATTERN, GUID_PATTERN, SINGLE_LINE_TEXT_PATTERN } from '../../common/openapi-patterns.js';
import { MAX_LIST_ITEMS } from '../../common/json-limits.js';
import { MAX_CORREO, MAX_NOMBRE, ROL_NOMBRES } from '../../empleados/empleado-fields.js';
import { ENTERPRISE_USER_SCHEMA, PATCH_OP_SCHEMA, USER_SCHEMA } from '../scim-schemas.js';

/**
 * What POST, PUT and PATCH bodies may send, as scim-user-changes.ts and scim-values.ts read them: each
 * attribute under its own rule, every other attribute ignored. Rules relating attributes are stated in
 * the descriptions: a name from displayName or name, which element of emails and roles applies.
 */

/** booleanOf: a JSON boolean, or Entra's strings "True" and "False" in any letter case. */
const BOOLEAN_DOC = { anyOf: [{ type: 'boolean' }, { type: 'string', pattern: `^(?:${anyCasePattern('true')}|${anyCasePattern('false')})$` }] };
/** nombreOf: trimmed, 1 to MAX_NOMBRE characters, one line. */
const NOMBRE_DOC = { type: 'string', maxLength: MAX_NOMBRE, pattern: SINGLE_LINE_TEXT_PATTERN } as const;
/** correoOf: trimmed, an address isEmail takes. */
const CORREO_DOC = { type: 'string', format: 'email', maxLength: MAX_CORREO, pattern: EMAIL_PATTERN, example: 'ana.garcia@example.com' } as const;
/** rolOf: a role name in any letter case, or its id, white space around it allowed. */
const ROL_PATTERN = `^\\s*(?:[1-4]|${Object.values(ROL_NOMBRES).map(anyCasePattern).join('|')})\\s*$`;

class ScimNameBodyDto {
  @ApiPropertyOptional({ ...NOMBRE_DOC, example: 'Ana García', description: 'nombre, unless displayName is sent' }) formatted?: string;
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_NOMBRE, pattern: `^$|${SINGLE_LINE_TEXT_PATTERN}`, example: 'Ana', description: 'null or empty clears it' })
  givenName?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_NOMBRE, pattern: `^$|${SINGLE_LINE_TEXT_PATTERN}`, example: 'García', description: 'null or empty clears it' })
  familyName?: string | null;
}

class ScimEmailBodyDto {
  @ApiProperty(CORREO_DOC) value!: string;
  @ApiPropertyOptional({ type: String, example: 'work', description: 'The element of type `work` (any letter case) applies, else the only one' }) type?: string;
}

class ScimRoleBodyDto {
  @ApiProperty({ type: String, maxLength: MAX_NOMBRE, pattern: ROL_PATTERN, example: ROL_NOMBRES[1] }) value!: string;
  @ApiPropertyOptional({ ...BOOLEAN_DOC, example: true, description: 'The primary element applies, else the only one' }) primary?: boolean | string;
}

class ScimAddressBodyDto {
  @ApiPropertyOptional({ type: String, example: 'work', description: 'The element of type `work` (any letter case) applies, else the only one' }) type?: string;
  @ApiPropertyOptional({
    type: String,
    example: 'Oficina de Madrid',
    description: "Entra ID's physicalDeliveryOfficeName: a work centre's codigo or nombre, ignoring case and accents, sets the employee's centre. One that names none (or that is not text) leaves the centre as it is and is logged: never an error",
  })
  formatted?: string;
}

class ScimManagerBodyDto {
  @ApiPropertyOptional({ type: String, nullable: true, pattern: '^(?:\\s*[1-9][0-9]{0,8}\\s*)?$', example: '7', description: "The manager's id, a provisioned user; null, empty or absent clears it" })
  value?: string | null;
}

class ScimEnterpriseUserBodyDto {
  @ApiPropertyOptional({ type: ScimManagerBodyDto, description: 'The only attribute of the extension that is kept' }) manager?: ScimManagerBodyDto;
}

/** PUT's body; POST's needs externalId and userName too (scimNewUserBody). */
export class ScimUserBodyDto {
  @ApiPropertyOptional({ example: [USER_SCHEMA], description: 'Ignored' }) schemas?: string[];
  @ApiPropertyOptional({ type: String, pattern: GUID_PATTERN, example: '0f8a4c3e-5b7d-4f1a-9c2e-6d3b8a1f0e47', description: "idp_oid: the user's Entra ID object ID, a GUID" })
  externalId?: string;
  @ApiPropertyOptional({ ...CORREO_DOC, description: 'correo; absent, the work address is used' }) userName?: string;
  @ApiPropertyOptional({ ...NOMBRE_DOC, example: 'Ana García', description: 'nombre; absent, name.formatted, else name.givenName and name.familyName; a new user needs one of them' })
  displayName?: string;
  @ApiPropertyOptional({ type: ScimNameBodyDto }) name?: ScimNameBodyDto;
  @ApiPropertyOptional({ ...BOOLEAN_DOC, example: true, description: 'activo' }) active?: boolean | string;
  @ApiPropertyOptional({ type: [ScimEmailBodyDto], maxItems: MAX_LIST_ITEMS, description: 'The work address is correo' }) emails?: ScimEmailBodyDto[];
  @ApiPropertyOptional({ type: [ScimRoleBodyDto], maxItems: MAX_LIST_ITEMS, description: 'The primary role; absent, a new user is Empleado and an existing one keeps theirs' })
  roles?: ScimRoleBodyDto[];
  @ApiPropertyOptional({ type: [ScimAddressBodyDto], maxItems: MAX_LIST_ITEMS, description: "The work address's formatted text is the work centre; not returned in the User" })
  addresses?: ScimAddressBodyDto[];
  @ApiPropertyOptional({ name: ENTERPRISE_USER_SCHEMA, type: ScimEnterpriseUserBodyDto }) enterprise?: ScimEnterpriseUserBodyDto;
}

/** POST's body: ScimUserBodyDto with externalId and userName required (openapi-typescript: `WithRequired<…>`). */
export const scimNewUserBody = () => ({ allOf: [{ $ref: getSchemaPath(ScimUserBodyDto) }], required: ['externalId', 'userName'] });

/** Any JSON value, each kind named (Nest would type `unknown` as an object). */
const ANY_JSON_VALUE = [
  { type: 'string' },
  { type: 'number' },
  { type: 'boolean' },
  { type: 'object', additionalProperties: true },
  { type: 'array', items: {} },
  { type: 'string', nullable: true, enum: [null] },
];

class ScimPatchOperationDto {
  @ApiProperty({ type: String, pattern: `^(?:${['add', 'replace', 'remove'].map(anyCasePattern).join('|')})$`, example: 'Replace', description: 'add, replace or remove, in any letter case' })
  op!: string;
  @ApiPropertyOptional({
    type: String,
    example: 'active',
    description: `Needed by remove. Without it, value is an object of attributes. \`${ENTERPRISE_USER_SCHEMA}:manager\` takes the manager's id as value; remove clears it. \`addresses[type eq "work"].formatted\` takes the office (the work centre); remove leaves the centre as it is`,
  })
  path?: string;
  @ApiPropertyOptional({ anyOf: ANY_JSON_VALUE, example: 'False', description: "The attribute's value under its rule above (Entra sends booleans as the strings \"True\" and \"False\"); unknown paths take anything" })
  value?: unknown;
}

export class ScimPatchOpDto {
  @ApiPropertyOptional({ example: [PATCH_OP_SCHEMA], description: 'Ignored' }) schemas?: string[];
  @ApiProperty({ type: [ScimPatchOperationDto], minItems: 1, maxItems: MAX_LIST_ITEMS }) Operations!: ScimPatchOperationDto[];
}
