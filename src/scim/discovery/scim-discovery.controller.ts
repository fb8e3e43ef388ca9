import { All, Controller, Get, HttpStatus, Inject, Param } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { resourceNotFound, ScimError } from '../scim-error.js';
import { listResponse } from '../scim-list.js';
import { ApiScimList } from '../scim-openapi.js';
import { ScimRoute } from '../scim-route.decorator.js';
import { resourceTypes } from './resource-types.js';
import { schemas } from './schemas.js';
import { ScimResourceTypeDto, ScimSchemaDto, ScimServiceProviderConfigDto } from './scim-discovery.openapi.js';
import { serviceProviderConfig } from './service-provider-config.js';

/** RFC 7644 §4: what the service provider supports, for the client to discover. */
@ScimRoute()
@Controller('scim/v2')
export class ScimDiscoveryController {
  private readonly baseUrl: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.baseUrl = config.publicBaseUrl;
  }

  @Get('ServiceProviderConfig')
  @ApiOperation({
    summary: 'SCIM: the features supported (patch, filter with maxResults; no bulk, sort, etag or password change)',
    description: "For Entra ID's provisioning service (RFC 7644 §4). Every SCIM route needs SCIM_TOKEN as its bearer token and answers 404 while SCIM_TOKEN is unset.",
  })
  @ApiOkResponse({ type: ScimServiceProviderConfigDto, description: 'A ServiceProviderConfig resource.' })
  serviceProviderConfig() {
    return serviceProviderConfig(this.baseUrl);
  }

  @Get('ResourceTypes')
  @ApiOperation({
    summary: 'SCIM: the resource types (User only)',
    description: 'RFC 7644 §4: one ListResponse holding the User type with its enterprise extension.',
  })
  @ApiScimList(ScimResourceTypeDto, 'A ListResponse of ResourceType resources.')
  resourceTypes() {
    const types = resourceTypes(this.baseUrl);
    return listResponse(types, types.length);
  }

  @Get('ResourceTypes/:id')
  @ApiOperation({
    summary: 'SCIM: one resource type (`User`)',
    description: '`User` is the only id; any other is 404.',
  })
  @ApiParam({ name: 'id', description: 'The resource type id: `User`' })
  @ApiOkResponse({ type: ScimResourceTypeDto, description: 'A ResourceType resource.' })
  resourceType(@Param('id') id: string) {
    return findById(resourceTypes(this.baseUrl), id);
  }

  @Get('Schemas')
  @ApiOperation({
    summary: 'SCIM: the User schema and its enterprise extension, with the attributes this service keeps',
    description: 'RFC 7643 §7: the attributes this service keeps; any other attribute a request sends is ignored.',
  })
  @ApiScimList(ScimSchemaDto, 'A ListResponse of Schema resources.')
  schemas() {
    const all = schemas(this.baseUrl);
    return listResponse(all, all.length);
  }

  @Get('Schemas/:id')
  @ApiOperation({
    summary: 'SCIM: one schema, by its URN',
    description: 'The URN of the User schema or of the enterprise extension; any other is 404.',
  })
  @ApiParam({ name: 'id', description: 'The schema URN' })
  @ApiOkResponse({ type: ScimSchemaDto, description: 'A Schema resource.' })
  schema(@Param('id') id: string) {
    return findById(schemas(this.baseUrl), id);
  }

  /** Groups are not provisioned: roles come from app role assignments (`roles`). */
  @All(['Groups', 'Groups/*rest'])
  @ApiExcludeEndpoint()
  groups(): never {
    throw new ScimError(HttpStatus.NOT_FOUND, 'Groups are not supported: assign users to the application and map app roles to roles.');
  }
}

function findById<T extends { id: string }>(resources: T[], id: string): T {
  const found = resources.find((resource) => resource.id === id);
  if (!found) throw resourceNotFound();
  return found;
}
