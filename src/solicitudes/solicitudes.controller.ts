import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { CurrentEmployee } from '../auth/current-employee.decorator.js';
import { AdminOnly } from '../auth/roles.decorator.js';
import { PuedeDecidirGuard } from '../aprobaciones/puede-decidir.guard.js';
import { ApiProtected, AuthErrorDto, ErrorResponseDto } from '../common/openapi-responses.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { CreateActualizacionPerfilDto } from './dto/create-actualizacion-perfil.dto.js';
import { CreateCorreccionFichajeDto } from './dto/create-correccion-fichaje.dto.js';
import { CorreccionFichajeCreationService } from './correccion-fichaje-creation.service.js';
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
    private readonly correcciones: CorreccionFichajeCreationService,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Requests visible to the caller, newest first (Employee: own; Admin: all but canceled; Super Admin: all)',
    description: 'Paged by pagina and limite; id_estado, id_tipo, busqueda and a date range narrow the list. Each request carries its type, state, owner and, once decided, its reviewer.',
  })
  @ApiOkResponse({ type: SolicitudesPageDto })
  list(@CurrentEmployee() caller: AuthenticatedEmployee, @Query() query: ListSolicitudesQuery) {
    return this.queries.list(caller, query);
  }

  @Get('admin/pendientes')
  @AdminOnly()
  @ApiOperation({
    summary: 'What waits on an approver, oldest first: pending requests and approved vacations whose cancellation is pending (admin)',
    description: 'Admins and Super Admins: the approval queue, paged, the longest-waiting first. A row with cancelacion_pendiente is an approved vacation its owner asked to cancel: aprobar cancels it, rechazar keeps it.',
  })
  @ApiOkResponse({ type: SolicitudesPageDto })
  pending(@CurrentEmployee() caller: AuthenticatedEmployee, @Query() query: ListPendientesQuery) {
    return this.queries.pending(caller, query);
  }

  @Get('equipo/pendientes')
  @ApiOperation({
    summary: 'Pending requests waiting on the caller, oldest first: as manager, delegate or Admin, by APROBACION (same parameters and shape as admin/pendientes)',
    description: 'Any employee: what they may decide now under APROBACION, as a manager, as the active delegate of an approver, or as an Admin. Each is decided with PUT /api/solicitudes/{id}/aprobar or rechazar.',
  })
  @ApiOkResponse({ type: SolicitudesPageDto })
  waitingOnMe(@CurrentEmployee() caller: AuthenticatedEmployee, @Query() query: ListPendientesQuery) {
    return this.queries.waitingOn(caller, query);
  }

  @Get(':id')
  @ApiOperation({
    summary: 'One request: own, any for an admin, or one pending that waits on the caller (manager, delegate)',
    description: 'A request the caller may not see answers 404 solicitud_no_encontrada, as one that does not exist: ids reveal nothing.',
  })
  @ApiSolicitudLeida()
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'solicitud_no_encontrada' })
  get(@CurrentEmployee() caller: AuthenticatedEmployee, @Param('id', ParseIdPipe) id: number) {
    return this.queries.get(caller, id);
  }

  @Get(':id/historial')
  @ApiOperation({
    summary: 'State history of a request, oldest first (owner, admin, or whoever it waits on)',
    description: "Every state change with its actor, comment and time; a delegate's decision names the approver they acted for (en_nombre_de), and the steps of a cancellation are marked in cancelacion.",
  })
  @ApiOkResponse({ type: HistorialResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'solicitud_no_encontrada' })
  history(@CurrentEmployee() caller: AuthenticatedEmployee, @Param('id', ParseIdPipe) id: number) {
    return this.queries.history(caller, id);
  }

  @Post('vacaciones')
  @ApiOperation({
    summary: 'Request vacation: working days must not exceed the available balance',
    description: "Counts the working days from fecha_inicio to fecha_fin (weekends and company holidays left out; a half day counts half) and checks each year's share against that year's balance. The request waits for approval; whoever decides it is notified.",
  })
  @ApiSolicitudCreada()
  @ApiConflictResponse({ type: ErrorResponseDto, description: SUPERPUESTA_O_ARCHIVO_AJENO })
  createVacaciones(@CurrentEmployee() caller: AuthenticatedEmployee, @Body() dto: CreateSolicitudConMediosDiasDto) {
    return this.creation.createWithDates(VACACIONES, caller, dto);
  }

  @Post('permisos')
  @ApiOperation({
    summary: 'Request a permission: whole or half days, or hours on one day (horas_solicitadas; never the vacation balance)',
    description: 'Never touches the vacation balance. Hours (hora_inicio, hora_fin) are for one day and exclude half days. The request waits for approval; whoever decides it is notified.',
  })
  @ApiSolicitudCreada()
  @ApiConflictResponse({ type: ErrorResponseDto, description: SUPERPUESTA_O_ARCHIVO_AJENO })
  createPermiso(@CurrentEmployee() caller: AuthenticatedEmployee, @Body() dto: CreatePermisoDto) {
    return this.creation.createWithDates(PERMISO, caller, dto);
  }

  @Post('ausencias')
  @ApiOperation({
    summary: 'Report an absence (may start up to 30 days ago)',
    description: 'For an absence already happening or past: it may start up to 30 days ago. It waits for approval like any request.',
  })
  @ApiSolicitudCreada()
  @ApiConflictResponse({ type: ErrorResponseDto, description: SUPERPUESTA_O_ARCHIVO_AJENO })
  createAusencia(@CurrentEmployee() caller: AuthenticatedEmployee, @Body() dto: CreateSolicitudConMediosDiasDto) {
    return this.creation.createWithDates(AUSENCIA, caller, dto);
  }

  @Post('teletrabajo')
  @ApiOperation({
    summary: 'Request remote work',
    description: 'Whole days only (no halves or hours). The request waits for approval; whoever decides it is notified.',
  })
  @ApiSolicitudCreada()
  @ApiConflictResponse({ type: ErrorResponseDto, description: SUPERPUESTA_O_ARCHIVO_AJENO })
  createTeletrabajo(@CurrentEmployee() caller: AuthenticatedEmployee, @Body() dto: CreateSolicitudConFechasDto) {
    return this.creation.createWithDates(TELETRABAJO, caller, dto);
  }

  @Post('actualizacion-perfil')
  @ApiOperation({
    summary: 'Propose profile changes; applied when an admin approves',
    description: "telefono, direccion and img_perfil (an image the caller uploaded with POST /api/uploads/solicitud), at least one. One may be pending at a time (409 actualizacion_pendiente); an admin's approval writes the values to the caller's record.",
  })
  @ApiSolicitudCreada()
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'actualizacion_pendiente, or archivo_de_otro_destinatario (img_perfil names a file of another person)' })
  createActualizacionPerfil(@CurrentEmployee() caller: AuthenticatedEmployee, @Body() dto: CreateActualizacionPerfilDto) {
    return this.creation.createProfileUpdate(caller, dto);
  }

  @Post('correccion-fichaje')
  @ApiOperation({
    summary: 'Propose a correction of one working day of the time register (type 6): own, or for a report (manager, delegate) or anyone (admin)',
    description:
      'fichajes is the whole day as it should read. Without id_empleado (or with the caller’s own) the worker proposes and the request is decided like their others (manager or Admins by APROBACION, delegates). ' +
      'With someone else’s id_empleado the company proposes: an Admin, or the employee’s manager or the manager’s delegate today; the worker is notified (CORRECCION_FICHAJE) and alone accepts or rejects it with aprobar or rechazar; the proposer may withdraw it with cancelar, and the worker is told (CORRECCION_FICHAJE). ' +
      'On approval its records are appended to the hash chain (origen correccion) replacing the day’s records in force, which stay listed; nothing is changed or deleted (ET art. 34.9). One pending correction per employee and day.',
  })
  @ApiSolicitudCreada()
  @ApiForbiddenResponse({ type: AuthErrorDto, description: 'id_empleado of someone the caller neither manages today nor may as an Admin (the role refusal’s body).' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'empleado_no_encontrado' })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'correccion_pendiente (another correction of that day waits for a decision), jornada_abierta (the day is still open: clock out first, or wait until it is marked incompleto), or empleado_de_baja (a company proposal for a worker who has left: they cannot accept it in the portal)',
  })
  createCorreccionFichaje(@CurrentEmployee() caller: AuthenticatedEmployee, @Body() dto: CreateCorreccionFichajeDto) {
    return this.correcciones.create(caller, dto);
  }

  @Put(':id/cancelar')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Cancel an own pending request; on an own approved vacation not yet begun, ask for its cancellation (cancelacion_pendiente), which an approver decides with aprobar or rechazar',
    description:
      'The owner only. A pending request is cancelled at once; an approved vacation that has not begun waits as cancelacion_pendiente, and its days come back only when an approver approves the cancellation. ' +
      'A correction of the time register the company proposed is withdrawn by its proposer only (its owner: 403 solo_el_proponente; they reject it instead).',
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
    description:
      "The optional body carries a comentario. With APROBACION=responsable_y_admin the manager's approval answers state 1 (paso_aprobacion admin) and the Admins' step decides. The owner is notified of the final decision. " +
      'A correction of the time register (type 6) appends its records on approval; one the company proposed is accepted by its owner alone (anyone else: the role 403), and its proposer is notified.',
  })
  @ApiOkResponse({ type: SolicitudCambiadaDto })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description:
      'estado_invalido, saldo_insuficiente, vacaciones_iniciadas (a cancellation once the leave has begun), or for a correction jornada_abierta (the day is open again) or fichajes_del_dia_agotados (the day would hold over 100 records)',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'solicitud_no_encontrada' })
  @ApiOptionalRevision()
  approve(@CurrentEmployee() caller: AuthenticatedEmployee, @Param('id', ParseIdPipe) id: number, @Body() dto: RevisionDto) {
    return this.decisions.approve(id, caller, dto);
  }

  @Put(':id/rechazar')
  @HttpCode(200)
  @UseGuards(PuedeDecidirGuard)
  @ApiOperation({
    summary: 'Reject a pending request; on a pending cancellation, reject the cancellation: the vacation stays approved (whoever it waits on, by APROBACION; admin by default)',
    description:
      'The optional body carries a comentario, shown to the owner, who is notified. No balance changes. A correction of the time register the company proposed is rejected by its owner alone (anyone else: the role 403), and its proposer is notified.',
  })
  @ApiOkResponse({ type: SolicitudCambiadaDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'estado_invalido' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'solicitud_no_encontrada' })
  @ApiOptionalRevision()
  reject(@CurrentEmployee() caller: AuthenticatedEmployee, @Param('id', ParseIdPipe) id: number, @Body() dto: RevisionDto) {
    return this.decisions.reject(id, caller, dto);
  }
}
