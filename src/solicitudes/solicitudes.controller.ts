import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { CurrentEmployee } from '../auth/current-employee.decorator.js';
import { AdminOnly } from '../auth/roles.decorator.js';
import { PuedeDecidirGuard } from '../aprobaciones/puede-decidir.guard.js';
import { ApiProtected, ErrorResponseDto } from '../common/openapi-responses.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { CreateActualizacionPerfilDto } from './dto/create-actualizacion-perfil.dto.js';
import { CreateSolicitudConFechasDto } from './dto/create-solicitud-con-fechas.dto.js';
import { CreatePermisoDto, CreateSolicitudConMediosDiasDto } from './dto/create-solicitud-con-medios-dias.dto.js';
import { HistorialResponseDto } from './dto/historial.response.js';
import { ListPendientesQuery, ListSolicitudesQuery } from './dto/list-solicitudes.query.js';
import { ApiOptionalRevision, RevisionDto } from './dto/revision.dto.js';
import { SolicitudCambiadaDto, SolicitudesPageDto } from './dto/solicitud.response.js';
import { SolicitudCreationService } from './solicitud-creation.service.js';
import { SolicitudDecisionService } from './solicitud-decision.service.js';
import { SolicitudesQueryService } from './solicitudes-query.service.js';
import { ApiSolicitudCreada, ApiSolicitudLeida } from './solicitud-links.openapi.js';
import { AUSENCIA, PERMISO, TELETRABAJO, VACACIONES } from './tipos-solicitud.js';

const SUPERPUESTA_O_ARCHIVO_AJENO = 'solicitud_superpuesta, or archivo_de_otro_destinatario (url_documento names a file of another person)';

@ApiTags('solicitudes')
@ApiProtected()
@ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Invalid body or parameters.' })
@Controller('api/solicitudes')
export class SolicitudesController {
  constructor(
    private readonly creation: SolicitudCreationService,
    private readonly decisions: SolicitudDecisionService,
    private readonly queries: SolicitudesQueryService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Requests visible to the caller, newest first (Employee: own; Admin: all but canceled; Super Admin: all)' })
  @ApiOkResponse({ type: SolicitudesPageDto })
  list(@CurrentEmployee() caller: AuthenticatedEmployee, @Query() query: ListSolicitudesQuery) {
    return this.queries.list(caller, query);
  }

  @Get('admin/pendientes')
  @AdminOnly()
  @ApiOperation({ summary: 'What waits on an approver, oldest first: pending requests and approved vacations whose cancellation is pending (admin)' })
  @ApiOkResponse({ type: SolicitudesPageDto })
  pending(@Query() query: ListPendientesQuery) {
    return this.queries.pending(query);
  }

  @Get('equipo/pendientes')
  @ApiOperation({
    summary: 'Pending requests waiting on the caller, oldest first: as manager, delegate or Admin, by APROBACION (same parameters and shape as admin/pendientes)',
  })
  @ApiOkResponse({ type: SolicitudesPageDto })
  waitingOnMe(@CurrentEmployee() caller: AuthenticatedEmployee, @Query() query: ListPendientesQuery) {
    return this.queries.waitingOn(caller, query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One request: own, any for an admin, or one pending that waits on the caller (manager, delegate)' })
  @ApiSolicitudLeida()
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'solicitud_no_encontrada' })
  get(@CurrentEmployee() caller: AuthenticatedEmployee, @Param('id', ParseIdPipe) id: number) {
    return this.queries.get(caller, id);
  }

  @Get(':id/historial')
  @ApiOperation({ summary: 'State history of a request, oldest first (owner, admin, or whoever it waits on)' })
  @ApiOkResponse({ type: HistorialResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'solicitud_no_encontrada' })
  history(@CurrentEmployee() caller: AuthenticatedEmployee, @Param('id', ParseIdPipe) id: number) {
    return this.queries.history(caller, id);
  }

  @Post('vacaciones')
  @ApiOperation({ summary: 'Request vacation: working days must not exceed the available balance' })
  @ApiSolicitudCreada()
  @ApiConflictResponse({ type: ErrorResponseDto, description: SUPERPUESTA_O_ARCHIVO_AJENO })
  createVacaciones(@CurrentEmployee() caller: AuthenticatedEmployee, @Body() dto: CreateSolicitudConMediosDiasDto) {
    return this.creation.createWithDates(VACACIONES, caller, dto);
  }

  @Post('permisos')
  @ApiOperation({ summary: 'Request a permission: whole or half days, or hours on one day (horas_solicitadas; never the vacation balance)' })
  @ApiSolicitudCreada()
  @ApiConflictResponse({ type: ErrorResponseDto, description: SUPERPUESTA_O_ARCHIVO_AJENO })
  createPermiso(@CurrentEmployee() caller: AuthenticatedEmployee, @Body() dto: CreatePermisoDto) {
    return this.creation.createWithDates(PERMISO, caller, dto);
  }

  @Post('ausencias')
  @ApiOperation({ summary: 'Report an absence (may start up to 30 days ago)' })
  @ApiSolicitudCreada()
  @ApiConflictResponse({ type: ErrorResponseDto, description: SUPERPUESTA_O_ARCHIVO_AJENO })
  createAusencia(@CurrentEmployee() caller: AuthenticatedEmployee, @Body() dto: CreateSolicitudConMediosDiasDto) {
    return this.creation.createWithDates(AUSENCIA, caller, dto);
  }

  @Post('teletrabajo')
  @ApiOperation({ summary: 'Request remote work' })
  @ApiSolicitudCreada()
  @ApiConflictResponse({ type: ErrorResponseDto, description: SUPERPUESTA_O_ARCHIVO_AJENO })
  createTeletrabajo(@CurrentEmployee() caller: AuthenticatedEmployee, @Body() dto: CreateSolicitudConFechasDto) {
    return this.creation.createWithDates(TELETRABAJO, caller, dto);
  }

  @Post('actualizacion-perfil')
  @ApiOperation({ summary: 'Propose profile changes; applied when an admin approves' })
  @ApiSolicitudCreada()
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'actualizacion_pendiente, or archivo_de_otro_destinatario (img_perfil names a file of another person)' })
  createActualizacionPerfil(@CurrentEmployee() caller: AuthenticatedEmployee, @Body() dto: CreateActualizacionPerfilDto) {
    return this.creation.createProfileUpdate(caller, dto);
  }

  @Put(':id/cancelar')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Cancel an own pending request; on an own approved vacation not yet begun, ask for its cancellation (cancelacion_pendiente), which an approver decides with aprobar or rechazar',
  })
  @ApiOkResponse({ type: SolicitudCambiadaDto })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'estado_invalido, cancelacion_pendiente (already asked), vacaciones_iniciadas (leave begun) or cancelacion_sin_desglose (approved before the deduction ledger)',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'solicitud_no_encontrada' })
  @ApiOptionalRevision()
  cancel(@CurrentEmployee() caller: AuthenticatedEmployee, @Param('id', ParseIdPipe) id: number, @Body() dto: RevisionDto) {
    return this.decisions.cancel(id, caller, dto);
  }

  @Put(':id/aprobar')
  @HttpCode(200)
  @UseGuards(PuedeDecidirGuard)
  @ApiOperation({
    summary:
      'Approve a pending request: deducts vacation days or applies the profile changes; on a pending cancellation, cancels the vacation and returns its days to the years they came from (whoever it waits on, by APROBACION; admin by default)',
  })
  @ApiOkResponse({ type: SolicitudCambiadaDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'estado_invalido, saldo_insuficiente or vacaciones_iniciadas (a cancellation once the leave has begun)' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'solicitud_no_encontrada' })
  @ApiOptionalRevision()
  approve(@CurrentEmployee() caller: AuthenticatedEmployee, @Param('id', ParseIdPipe) id: number, @Body() dto: RevisionDto) {
    return this.decisions.approve(id, caller, dto);
  }

  @Put(':id/rechazar')
  @HttpCode(200)
  @UseGuards(PuedeDecidirGuard)
  @ApiOperation({ summary: 'Reject a pending request; on a pending cancellation, reject the cancellation: the vacation stays approved (whoever it waits on, by APROBACION; admin by default)' })
  @ApiOkResponse({ type: SolicitudCambiadaDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'estado_invalido' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'solicitud_no_encontrada' })
  @ApiOptionalRevision()
  reject(@CurrentEmployee() caller: AuthenticatedEmployee, @Param('id', ParseIdPipe) id: number, @Body() dto: RevisionDto) {
    return this.decisions.reject(id, caller, dto);
  }
}
