import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBody, ApiConflictResponse, ApiCreatedResponse, ApiExtraModels, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiScimList, ScimErrorDto } from '../scim-openapi.js';
import { ScimRoute } from '../scim-route.decorator.js';
import { ScimPatchOpDto, ScimUserBodyDto, scimNewUserBody } from './scim-user-body.openapi.js';
import { ApiScimListQuery, ScimUserDto } from './scim-user.openapi.js';
import type { ScimUser } from './scim-user.resource.js';
import { ScimUsuariosService } from './scim-usuarios.service.js';

/** Bodies are read by the SCIM code itself (typed `unknown`, so the global validation pipe leaves them): unknown attributes are ignored, not refused. */
@ScimRoute()
@ApiExtraModels(ScimUserBodyDto)
@ApiBadRequestResponse({ type: ScimErrorDto, description: 'invalidFilter, invalidSyntax, invalidPath or invalidValue.' })
@Controller('scim/v2/Users')
export class ScimUsersController {
  constructor(private readonly usuarios: ScimUsuariosService) {}

  @Get()
  @ApiOperation({
    summary: 'SCIM: users, by filter (userName, externalId or work e-mail, eq) or in pages (startIndex, count)',
    description: 'Entra ID looks a user up by userName or externalId before creating them. Without a filter, pages in id order: startIndex from 1, count at most 100.',
  })
  @ApiScimListQuery()
  @ApiScimList(ScimUserDto, 'A ListResponse of User resources.')
  list(@Query() query: Record<string, unknown>) {
    return this.usuarios.list(query);
  }

  @Get(':id')
  @ApiOperation({
    summary: 'SCIM: one user',
    description: "The id is the employee's id; a detached employee is 404.",
  })
  @ApiParam({ name: 'id', description: 'The employee id' })
  @ApiOkResponse({ type: ScimUserDto, description: 'A User resource.' })
  get(@Param('id') id: string) {
    return this.usuarios.get(id);
  }

  @Post()
  @ApiOperation({
    summary: 'SCIM: provision an employee (or bring back one a DELETE detached, by externalId)',
    description: 'Creates the employee (role from roles, else Empleado), or attaches again and reactivates the one a DELETE detached with the same externalId. 409 uniqueness when another user has the userName or externalId.',
  })
  @ApiBody({ schema: scimNewUserBody() })
  @ApiCreatedResponse({ type: ScimUserDto, description: 'The User resource; `Location` is its URL.' })
  @ApiConflictResponse({ type: ScimErrorDto, description: 'uniqueness: the userName or externalId belongs to another user.' })
  async create(@Body() body: unknown, @Res({ passthrough: true }) response: Response): Promise<ScimUser> {
    const user = await this.usuarios.create(body);
    response.location(user.meta.location);
    return user;
  }

  @Put(':id')
  @ApiOperation({
    summary: 'SCIM: replace the mapped attributes of a user',
    description: 'The attributes sent replace the kept ones; name.givenName and name.familyName not sent are cleared, active and roles not sent stay as they are.',
  })
  @ApiParam({ name: 'id', description: 'The employee id' })
  @ApiBody({ type: ScimUserBodyDto })
  @ApiOkResponse({ type: ScimUserDto, description: 'The User resource.' })
  @ApiConflictResponse({ type: ScimErrorDto, description: 'uniqueness, or the last active Super Administrador demoted or deactivated.' })
  replace(@Param('id') id: string, @Body() body: unknown) {
    return this.usuarios.replace(id, body);
  }

  @Patch(':id')
  @ApiOperation({
    summary: 'SCIM: change attributes of a user (PatchOp; active false deactivates)',
    description: 'Operations apply in order, all or none; paths this service does not keep are ignored. active false deactivates the employee: their next request is refused.',
  })
  @ApiParam({ name: 'id', description: 'The employee id' })
  @ApiBody({ type: ScimPatchOpDto })
  @ApiOkResponse({ type: ScimUserDto, description: 'The User resource.' })
  @ApiConflictResponse({ type: ScimErrorDto, description: 'uniqueness, or the last active Super Administrador demoted or deactivated.' })
  patch(@Param('id') id: string, @Body() body: unknown) {
    return this.usuarios.patch(id, body);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary: 'SCIM: deprovision a user: the employee is deactivated and detached; records stay',
    description: 'HR records are never deleted: requests and history stay, and a later POST with the same externalId brings the employee back.',
  })
  @ApiParam({ name: 'id', description: 'The employee id' })
  @ApiNoContentResponse({ description: 'Deactivated and detached: GET answers 404 from now on.' })
  @ApiConflictResponse({ type: ScimErrorDto, description: 'The last active Super Administrador.' })
  remove(@Param('id') id: string): Promise<void> {
    return this.usuarios.remove(id);
  }
}
