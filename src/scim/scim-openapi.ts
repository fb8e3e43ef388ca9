import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiNotFoundResponse, ApiProduces, ApiProperty, ApiPropertyOptional, ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ERROR_SCHEMA, SCIM_MEDIA_TYPE, SCIM_SECURITY } from './scim-schemas.js';

export class ScimErrorDto {
  @ApiProperty({ example: [ERROR_SCHEMA] })
  schemas!: string[];

  @ApiProperty({ example: '404', description: 'The HTTP status, as a string.' })
  status!: string;

  @ApiPropertyOptional({ example: 'uniqueness', enum: ['invalidFilter', 'invalidSyntax', 'invalidPath', 'invalidValue', 'uniqueness', 'noTarget'] })
  scimType?: string;

  @ApiProperty({ example: 'User 42 not found.' })
  detail!: string;
}

/** What every SCIM route answers before its handler runs; the bodies are `application/scim+json`. */
export function ApiScim() {
  return applyDecorators(
    ApiTags('scim'),
    ApiBearerAuth(SCIM_SECURITY),
    ApiConsumes(SCIM_MEDIA_TYPE, 'application/json'),
    ApiProduces(SCIM_MEDIA_TYPE),
    ApiUnauthorizedResponse({ type: ScimErrorDto, description: 'The bearer token is missing or is not SCIM_TOKEN.' }),
    ApiNotFoundResponse({ type: ScimErrorDto, description: 'SCIM provisioning is off (SCIM_TOKEN unset), or the resource does not exist.' }),
    ApiTooManyRequestsResponse({ type: ScimErrorDto, description: 'Too many failed authentications from this address (`Retry-After`).' }),
  );
}
