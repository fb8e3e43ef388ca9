import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiQuery } from '@nestjs/swagger';
import { ENTERPRISE_USER_SCHEMA, MAX_RESULTS, PATCH_OP_SCHEMA, USER_SCHEMA } from '../scim-schemas.js';

/** Documentation only: SCIM bodies are read by scim-user-changes.ts, which ignores attributes it does not keep. */

class ScimNameDto {
  @ApiPropertyOptional({ example: 'Ana García' }) formatted?: string;
  @ApiPropertyOptional({ example: 'Ana' }) givenName?: string;
  @ApiPropertyOptional({ example: 'García' }) familyName?: string;
}

class ScimMultiValueDto {
  @ApiProperty({ example: 'ana.garcia@example.com' }) value!: string;
  @ApiPropertyOptional({ example: 'work' }) type?: string;
  @ApiPropertyOptional({ example: true, description: 'A boolean, or the string "True"/"False"' }) primary?: boolean;
}

class ScimMetaDto {
  @ApiProperty({ example: 'User' }) resourceType!: string;
  @ApiProperty({ format: 'date-time' }) created!: string;
  @ApiProperty({ format: 'date-time' }) lastModified!: string;
  @ApiProperty({ example: 'https://ess.example.com/scim/v2/Users/42' }) location!: string;
}

class ScimManagerDto {
  @ApiPropertyOptional({ example: '7', description: "The manager's SCIM id (id_responsable); empty or absent clears it" }) value?: string;
  @ApiPropertyOptional({ example: 'https://ess.example.com/scim/v2/Users/7', readOnly: true }) $ref?: string;
  @ApiPropertyOptional({ example: 'Inés Jefa', readOnly: true }) displayName?: string;
}

class ScimEnterpriseUserDto {
  @ApiPropertyOptional({ type: ScimManagerDto, description: 'Other attributes of the extension are accepted and ignored' }) manager?: ScimManagerDto;
}

export class ScimUserDto {
  @ApiProperty({ example: [USER_SCHEMA] }) schemas!: string[];
  @ApiPropertyOptional({ example: '42', readOnly: true, description: 'id_empleado' }) id?: string;
  @ApiProperty({ example: '0f8a4c3e-5b7d-4f1a-9c2e-6d3b8a1f0e47', description: "idp_oid: the user's Entra ID object ID" }) externalId!: string;
  @ApiProperty({ example: 'ana.garcia@example.com', description: 'correo; when absent, the work e-mail is used' }) userName!: string;
  @ApiPropertyOptional({ example: 'Ana García', description: 'nombre; else name.formatted, else name.givenName + name.familyName' }) displayName?: string;
  @ApiPropertyOptional({ type: ScimNameDto }) name?: ScimNameDto;
  @ApiPropertyOptional({ example: true, description: 'activo; a boolean, or the string "True"/"False"' }) active?: boolean;
  @ApiPropertyOptional({ type: [ScimMultiValueDto], description: 'The `work` one is correo' }) emails?: ScimMultiValueDto[];
  @ApiPropertyOptional({ type: [ScimMultiValueDto], description: 'The primary one is the role: Empleado, Administrador or Super Administrador' }) roles?: ScimMultiValueDto[];
  @ApiPropertyOptional({
    name: ENTERPRISE_USER_SCHEMA,
    type: ScimEnterpriseUserDto,
    description: 'The enterprise extension; returned (and listed in schemas) when the user has a manager',
  })
  enterprise?: ScimEnterpriseUserDto;
  @ApiPropertyOptional({ type: ScimMetaDto, readOnly: true }) meta?: ScimMetaDto;
}

class ScimPatchOperationDto {
  @ApiProperty({ example: 'Replace', description: 'add, replace or remove, in any letter case' }) op!: string;
  @ApiPropertyOptional({
    example: 'active',
    description: `Without it, value is an object of attributes. \`${ENTERPRISE_USER_SCHEMA}:manager\` takes the manager's id as value; remove clears it`,
  })
  path?: string;
  @ApiPropertyOptional({
    oneOf: [{ type: 'string' }, { type: 'boolean' }, { type: 'object' }, { type: 'array', items: {} }],
    example: 'False',
    description: 'Entra sends booleans as the strings "True" and "False"',
  })
  value?: unknown;
}

export class ScimPatchOpDto {
  @ApiProperty({ example: [PATCH_OP_SCHEMA] }) schemas!: string[];
  @ApiProperty({ type: [ScimPatchOperationDto] }) Operations!: ScimPatchOperationDto[];
}

export const ApiScimListQuery = () =>
  applyDecorators(
    ApiQuery({ name: 'filter', required: false, example: 'userName eq "ana.garcia@example.com"', description: 'userName, externalId or emails[type eq "work"].value, with eq' }),
    ApiQuery({ name: 'startIndex', required: false, type: Number, description: '1-based; default 1' }),
    ApiQuery({ name: 'count', required: false, type: Number, description: `Default and most: ${MAX_RESULTS}` }),
  );
