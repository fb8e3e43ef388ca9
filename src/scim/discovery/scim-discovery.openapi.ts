import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ENTERPRISE_USER_SCHEMA, RESOURCE_TYPE_SCHEMA, SCHEMA_SCHEMA, SERVICE_PROVIDER_CONFIG_SCHEMA, USER_SCHEMA } from '../scim-schemas.js';

/** The discovery answers (RFC 7643 §5–7) as service-provider-config.ts, resource-types.ts and schemas.ts build them. */

class ScimDiscoveryMetaDto {
  @ApiProperty({ enum: ['ServiceProviderConfig', 'ResourceType', 'Schema'] }) resourceType!: string;
  @ApiProperty({ format: 'uri', example: 'https://ess.example.com/scim/v2/ResourceTypes/User' }) location!: string;
}

class ScimSupportDto {
  @ApiProperty() supported!: boolean;
}

class ScimBulkSupportDto extends ScimSupportDto {
  @ApiProperty({ type: 'integer', minimum: 0 }) maxOperations!: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) maxPayloadSize!: number;
}

class ScimFilterSupportDto extends ScimSupportDto {
  @ApiProperty({ type: 'integer', minimum: 1, example: 100 }) maxResults!: number;
}

class ScimAuthenticationSchemeDto {
  @ApiProperty({ example: 'oauthbearertoken' }) type!: string;
  @ApiProperty() name!: string;
  @ApiProperty() description!: string;
  @ApiProperty() primary!: boolean;
}

export class ScimServiceProviderConfigDto {
  @ApiProperty({ example: [SERVICE_PROVIDER_CONFIG_SCHEMA] }) schemas!: string[];
  @ApiProperty({ format: 'uri', example: 'https://ess.example.com/api/docs' }) documentationUri!: string;
  @ApiProperty({ type: ScimSupportDto }) patch!: ScimSupportDto;
  @ApiProperty({ type: ScimBulkSupportDto }) bulk!: ScimBulkSupportDto;
  @ApiProperty({ type: ScimFilterSupportDto }) filter!: ScimFilterSupportDto;
  @ApiProperty({ type: ScimSupportDto }) changePassword!: ScimSupportDto;
  @ApiProperty({ type: ScimSupportDto }) sort!: ScimSupportDto;
  @ApiProperty({ type: ScimSupportDto }) etag!: ScimSupportDto;
  @ApiProperty({ type: [ScimAuthenticationSchemeDto] }) authenticationSchemes!: ScimAuthenticationSchemeDto[];
  @ApiProperty({ type: ScimDiscoveryMetaDto }) meta!: ScimDiscoveryMetaDto;
}

class ScimSchemaExtensionDto {
  @ApiProperty({ example: ENTERPRISE_USER_SCHEMA }) schema!: string;
  @ApiProperty() required!: boolean;
}

export class ScimResourceTypeDto {
  @ApiProperty({ example: [RESOURCE_TYPE_SCHEMA] }) schemas!: string[];
  @ApiProperty({ example: 'User' }) id!: string;
  @ApiProperty({ example: 'User' }) name!: string;
  @ApiProperty({ example: '/Users' }) endpoint!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ example: USER_SCHEMA }) schema!: string;
  @ApiProperty({ type: [ScimSchemaExtensionDto] }) schemaExtensions!: ScimSchemaExtensionDto[];
  @ApiProperty({ type: ScimDiscoveryMetaDto }) meta!: ScimDiscoveryMetaDto;
}

class ScimAttributeDto {
  @ApiProperty({ example: 'userName' }) name!: string;
  @ApiProperty({ enum: ['string', 'boolean', 'complex', 'reference'] }) type!: string;
  @ApiProperty() multiValued!: boolean;
  @ApiProperty() description!: string;
  @ApiProperty() required!: boolean;
  @ApiProperty() caseExact!: boolean;
  @ApiProperty({ enum: ['readWrite', 'readOnly'] }) mutability!: string;
  @ApiProperty({ enum: ['default'] }) returned!: string;
  @ApiProperty({ enum: ['none', 'server'] }) uniqueness!: string;
  @ApiPropertyOptional({ example: ['User'] }) referenceTypes?: string[];
  @ApiPropertyOptional({ type: () => [ScimAttributeDto] }) subAttributes?: ScimAttributeDto[];
}

export class ScimSchemaDto {
  @ApiProperty({ example: [SCHEMA_SCHEMA] }) schemas!: string[];
  @ApiProperty({ example: USER_SCHEMA }) id!: string;
  @ApiProperty({ example: 'User' }) name!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ type: [ScimAttributeDto] }) attributes!: ScimAttributeDto[];
  @ApiProperty({ type: ScimDiscoveryMetaDto }) meta!: ScimDiscoveryMetaDto;
}
