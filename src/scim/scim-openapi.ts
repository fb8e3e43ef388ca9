import { applyDecorators, type Type } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConsumes,
  ApiExtraModels,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProduces,
  ApiProperty,
  ApiPropertyOptional,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import { ERROR_SCHEMA, LIST_RESPONSE_SCHEMA, MAX_RESULTS, SCIM_MEDIA_TYPE, SCIM_SECURITY } from './scim-schemas.js';

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

/** RFC 7644 §3.4.2's ListResponse without its `Resources`, which ApiScimList adds typed. */
export class ScimListResponseDto {
  @ApiProperty({ example: [LIST_RESPONSE_SCHEMA] }) schemas!: string[];
  @ApiProperty({ type: 'integer', minimum: 0, example: 1, description: 'Every resource that matches, on all pages' }) totalResults!: number;
  @ApiProperty({ type: 'integer', minimum: 1, example: 1, description: '1-based index of the first resource of this page' }) startIndex!: number;
  @ApiProperty({ type: 'integer', minimum: 0, maximum: MAX_RESULTS, example: 1, description: 'The resources in this answer' }) itemsPerPage!: number;
}

/** A 200 whose body is a ListResponse of `resource`. */
export function ApiScimList(resource: Type, description: string) {
  return applyDecorators(
    ApiExtraModels(ScimListResponseDto, resource),
    ApiOkResponse({
      description,
      schema: {
        allOf: [
          { $ref: getSchemaPath(ScimListResponseDto) },
          { type: 'object', required: ['Resources'], properties: { Resources: { type: 'array', items: { $ref: getSchemaPath(resource) } } } },
        ],
      },
    }),
  );
}
