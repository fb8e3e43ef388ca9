import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { CurrentEmployee } from '../auth/current-employee.decorator.js';
import { AdminOnly } from '../auth/roles.decorator.js';
import { REDONDEO_PRORRATEO } from '../calendario-laboral/prorrateo.js';
import { ApiForbiddenWithCode, ApiProtected, ErrorResponseDto } from '../common/openapi-responses.js';
import { Pagination20QueryDto } from '../common/pagination-20.query.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { AsignacionVacacionesDto } from './dto/asignacion-vacaciones.dto.js';
import { CreateEmpleadoDto } from './dto/create-empleado.dto.js';
import { EmpleadoDetalleResponseDto, EmpleadosPageDto } from './dto/empleado.response.js';
import { HistorialEmpleadoPageDto } from './dto/historial-empleado.response.js';
import { ListEmpleadosQuery } from './dto/list-empleados.query.js';
import { SaldoVacacionesResponseDto } from './dto/saldo-vacaciones.dto.js';
import { UpdateEmpleadoDto } from './dto/update-empleado.dto.js';
import { EmpleadoCambiosService } from './empleado-cambios.service.js';
import { EmpleadosService } from './empleados.service.js';
import { ParseAnioPipe } from './parse-anio.pipe.js';
import { VacacionesService } from './vacaciones.service.js';

/** Registered after the `me` routes, which `:id` would otherwise shadow. */
@ApiTags('empleados')
@ApiProtected()
@AdminOnly()
@ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Invalid body or parameters (validacion, sin_cambios).' })
@Controller('api/empleados')
export class EmpleadosAdminController {
  constructor(
    private readonly empleados: EmpleadosService,
    private readonly cambios: EmpleadoCambiosService,
    private readonly vacaciones: VacacionesService,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Employees, alphabetically, with search by name or e-mail (admin)',
    description: 'Admins and Super Admins. Paged by pagina and limite; busqueda matches names and e-mail addresses ignoring case and accents; id_rol and activo narrow the list.',
  })
  @ApiOkResponse({ type: EmpleadosPageDto })
  list(@Query() query: ListEmpleadosQuery): Promise<EmpleadosPageDto> {
    return this.empleados.list(query);
  }

  @Post()
  @ApiOperation({
    summary: 'Register an employee so their Entra ID account can sign in (admin; Admin and Super Admin roles: Super Admin only)',
    description: "Admins and Super Admins; only a Super Admin creates Admins and Super Admins. idp_oid is the person's Entra ID object ID: their first token signs them in as this employee. The creation is recorded in the employee's history.",
  })
  @ApiCreatedResponse({ type: EmpleadoDetalleResponseDto })
  @ApiForbiddenWithCode('solo_super_administrador; or, as on every endpoint, an unknown employee or a role without access')
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'empleado_duplicado (correo or idp_oid)' })
  async create(@CurrentEmployee() caller: AuthenticatedEmployee, @Body() dto: CreateEmpleadoDto): Promise<EmpleadoDetalleResponseDto> {
    return { success: true, data: await this.cambios.create(caller, dto) };
  }

  @Get(':id')
  @ApiOperation({
    summary: 'One employee with idp_oid and vacation balance (admin)',
    description: 'Admins and Super Admins: the record the admin panel edits, with the current vacation balance.',
  })
  @ApiOkResponse({ type: EmpleadoDetalleResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'empleado_no_encontrado' })
  async get(@CurrentEmployee() caller: AuthenticatedEmployee, @Param('id', ParseIdPipe) id: number): Promise<EmpleadoDetalleResponseDto> {
    return { success: true, data: await this.empleados.read(caller, id) };
  }

  @Put(':id')
  @ApiOperation({
    summary: 'Change some fields of an employee; false in activo deactivates them (admin; roles and other admins: Super Admin only)',
    description: "Admins and Super Admins; changing a role, or another admin's record, takes a Super Admin. Send only what changes (`{}` is 400 sin_cambios). Nobody deactivates themselves, and id_responsable may not close a cycle of managers. Every change goes to the employee's history.",
  })
  @ApiOkResponse({ type: EmpleadoDetalleResponseDto })
  @ApiForbiddenWithCode('solo_super_administrador; or, as on every endpoint, an unknown employee or a role without access')
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'empleado_no_encontrado' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'empleado_duplicado, operacion_sobre_si_mismo, responsable_ciclo (the manager would be the employee, directly or through the chain), responsable_cadena_larga, or archivo_de_otro_destinatario (img_perfil names a file of another person)' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Invalid body or parameters (validacion, sin_cambios), responsable_no_encontrado (id_responsable names no employee), centro_no_encontrado, or alta_posterior_a_baja (fecha_alta after fecha_baja, naming both).' })
  async update(@CurrentEmployee() caller: AuthenticatedEmployee, @Param('id', ParseIdPipe) id: number, @Body() dto: UpdateEmpleadoDto): Promise<EmpleadoDetalleResponseDto> {
    return { success: true, data: await this.cambios.update(caller, id, dto) };
  }

  @Put(':id/vacaciones/:anio')
  @ApiOperation({
    summary: "Set an employee's vacation days for a year, creating the allocation if missing (admin; not one's own)",
    description:
      "Admins and Super Admins, on someone else's record. The new total may not fall below the days already used (409 asignacion_menor_que_usado). " +
      `With prorrateo: true, dias_asignados is the full-time, full-year entitlement and what is stored is prorated to the employee's schedules (working days a week over five, each schedule for the days it is in force) and to the part of the year between their fecha_alta and fecha_baja, ${REDONDEO_PRORRATEO}; ` +
      'an employee not employed on any day of that year is 400 sin_dias_en_el_anio. ' +
      "The change goes to the employee's history (with dias_sin_prorrateo when prorated); the answer is their balance after it.",
  })
  @ApiParam({ name: 'anio', schema: { type: 'integer', minimum: 2000, maximum: 2100 }, example: 2026 })
  @ApiOkResponse({ type: SaldoVacacionesResponseDto, description: 'The resulting balance' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'empleado_no_encontrado' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'asignacion_menor_que_usado or operacion_sobre_si_mismo' })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'Invalid body or parameters (validacion); with prorrateo, sin_dias_en_el_anio (errores naming anio) or prorrateo_supera_maximo (errores naming dias_asignados).',
  })
  async asignarVacaciones(
    @CurrentEmployee() caller: AuthenticatedEmployee,
    @Param('id', ParseIdPipe) id: number,
    @Param('anio', ParseAnioPipe) anio: number,
    @Body() dto: AsignacionVacacionesDto,
  ): Promise<SaldoVacacionesResponseDto> {
    return { success: true, data: await this.vacaciones.asignar(caller, id, anio, dto) };
  }

  @Get(':id/historial')
  @ApiOperation({
    summary: "Changes to an employee's record, newest first: who, when, each field's old and new value (admin)",
    description: 'Admins and Super Admins. Paged by pagina and limite. Each entry says where the change came from (the API, an approved request, an import, a yearly allocation, SCIM provisioning) and who made it, when someone did.',
  })
  @ApiOkResponse({ type: HistorialEmpleadoPageDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'empleado_no_encontrado' })
  history(@CurrentEmployee() caller: AuthenticatedEmployee, @Param('id', ParseIdPipe) id: number, @Query() query: Pagination20QueryDto): Promise<HistorialEmpleadoPageDto> {
    return this.empleados.history(caller, id, query);
  }
}
