import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { CurrentEmployee } from '../auth/current-employee.decorator.js';
import { AdminOnly } from '../auth/roles.decorator.js';
import { ApiForbiddenWithCode, ApiProtected, ErrorResponseDto } from '../common/openapi-responses.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { ComunicadosService } from './comunicados.service.js';
import {
  ComunicadoDesactivadoDto,
  ComunicadoDto,
  ComunicadoEliminadoDto,
  ComunicadoGuardadoDto,
  ComunicadoResponseDto,
  ComunicadosPageDto,
} from './dto/comunicado.response.js';
import { CreateComunicadoDto } from './dto/create-comunicado.dto.js';
import { ListComunicadosQuery } from './dto/list-comunicados.query.js';
import { UpdateComunicadoDto } from './dto/update-comunicado.dto.js';

@ApiTags('comunicados')
@ApiProtected()
@ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Invalid body or parameters (validacion, fecha_invalida, sin_cambios).' })
@Controller('api/comunicados')
export class ComunicadosController {
  constructor(private readonly comunicados: ComunicadosService) {}

  @Get()
  @ApiOperation({
    summary: 'Active announcements whose publication time has come, newest first',
    description: 'Any employee. Paged by pagina and limite; drafts, deactivated announcements and those scheduled for later are left out.',
  })
  @ApiOkResponse({ type: ComunicadosPageDto })
  list(@Query() query: ListComunicadosQuery) {
    return this.comunicados.listVisible(query);
  }

  // Before ':id', which would otherwise take "admin" for an identifier.
  @Get('admin')
  @AdminOnly()
  @ApiOperation({
    summary: 'Every announcement, active and inactive, newest first (admin)',
    description: 'Admins and Super Admins, to manage them: drafts, deactivated and scheduled announcements included.',
  })
  @ApiOkResponse({ type: [ComunicadoDto] })
  listAll() {
    return this.comunicados.listAll();
  }

  @Get(':id')
  @ApiOperation({
    summary: 'One announcement: visible ones for everybody, any for admins',
    description: 'Any employee for an active, published announcement; admins for any. A draft, deactivated or scheduled one asked for by a non-admin is 403 comunicado_no_disponible.',
  })
  @ApiOkResponse({ type: ComunicadoResponseDto })
  @ApiForbiddenWithCode('comunicado_no_disponible (inactive or not yet published, for a non-admin), or an auth error')
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'comunicado_no_encontrado' })
  get(@CurrentEmployee() caller: AuthenticatedEmployee, @Param('id', ParseIdPipe) id: number) {
    return this.comunicados.get(caller, id);
  }

  @Post('admin')
  @AdminOnly()
  @ApiOperation({
    summary: 'Create an announcement; once visible, every active employee but the author is notified (COMUNICADO)',
    description: 'Admins and Super Admins. fecha_publicacion may schedule it (the notifications go out when it becomes visible); activo false keeps it as a draft. url_multimedia takes a file uploaded with POST /api/uploads/comunicado or an external https URL.',
  })
  @ApiCreatedResponse({ type: ComunicadoGuardadoDto })
  create(@CurrentEmployee() caller: AuthenticatedEmployee, @Body() dto: CreateComunicadoDto) {
    return this.comunicados.create(caller, dto);
  }

  @Put('admin/:id/desactivar')
  @AdminOnly()
  @ApiOperation({
    summary: 'Deactivate (soft delete) an announcement (admin)',
    description: 'Admins and Super Admins. Employees no longer see it; PUT /api/comunicados/admin/{id} with activo true brings it back.',
  })
  @ApiOkResponse({ type: ComunicadoDesactivadoDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'comunicado_no_encontrado' })
  deactivate(@Param('id', ParseIdPipe) id: number) {
    return this.comunicados.deactivate(id);
  }

  @Put('admin/:id')
  @AdminOnly()
  @ApiOperation({
    summary: 'Update some fields of an announcement; activo: true reactivates it (admin)',
    description: 'Admins and Super Admins. Send only what changes; url_multimedia null removes the media.',
  })
  @ApiOkResponse({ type: ComunicadoGuardadoDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'comunicado_no_encontrado' })
  update(@Param('id', ParseIdPipe) id: number, @Body() dto: UpdateComunicadoDto) {
    return this.comunicados.update(id, dto);
  }

  @Delete('admin/:id')
  @AdminOnly()
  @ApiOperation({
    summary: 'Delete an announcement and its notifications (admin)',
    description: 'Admins and Super Admins. Cannot be undone: deactivate it instead to keep it.',
  })
  @ApiOkResponse({ type: ComunicadoEliminadoDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'comunicado_no_encontrado' })
  delete(@Param('id', ParseIdPipe) id: number) {
    return this.comunicados.delete(id);
  }
}
