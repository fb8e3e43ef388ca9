import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { CurrentEmployee } from '../auth/current-employee.decorator.js';
import { AdminOnly } from '../auth/roles.decorator.js';
import { ApiForbiddenWithCode, ApiProtected, ErrorResponseDto } from '../common/openapi-responses.js';
import { Pagination20QueryDto } from '../common/pagination-20.query.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { AsignacionesJornadaPageDto, AsignacionJornadaResponseDto, AsignarJornadaDto } from './dto/asignacion-jornada.dto.js';
import { EmpleadoJornadasService } from './empleado-jornadas.service.js';

const ID_PARAM = { name: 'id', schema: { type: 'integer' as const, minimum: 1, example: 7 } };
const HISTORY = 'Paged by pagina and limite, newest desde first: each assignment applies from its desde until the next one; before the first, the default week (8 hours Monday to Friday).';

/** Registered before the admin controller: `me/jornadas` comes before `:id`. */
@ApiTags('jornadas')
@ApiProtected()
@Controller('api/empleados')
export class EmpleadoJornadasController {
  constructor(private readonly jornadas: EmpleadoJornadasService) {}

  @Get('me/jornadas')
  @ApiOperation({ summary: "The caller's working schedule assignments", description: `Any employee, their own. ${HISTORY}` })
  @ApiOkResponse({ type: AsignacionesJornadaPageDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion`: pagina or limite out of range.' })
  propias(@CurrentEmployee() caller: AuthenticatedEmployee, @Query() query: Pagination20QueryDto): Promise<AsignacionesJornadaPageDto> {
    return this.jornadas.historial(caller, caller.id_empleado, query);
  }

  @Get(':id/jornadas')
  @AdminOnly()
  @ApiOperation({ summary: "An employee's working schedule assignments (admin)", description: `Admins and Super Admins. ${HISTORY}` })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: AsignacionesJornadaPageDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion`: the id, pagina or limite is out of range.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: '`empleado_no_encontrado`.' })
  historial(@CurrentEmployee() caller: AuthenticatedEmployee, @Param('id', ParseIdPipe) id: number, @Query() query: Pagination20QueryDto): Promise<AsignacionesJornadaPageDto> {
    return this.jornadas.historial(caller, id, query);
  }

  @Post(':id/jornadas')
  @AdminOnly()
  @ApiOperation({
    summary: 'Give an employee a working schedule from a date on (admin; other admins: Super Admin only)',
    description:
      "Admins and Super Admins, under the same rules as PUT /api/empleados/:id. The schedule applies from desde until the next assignment; an assignment from the same desde is replaced. Recorded in the employee's history (campo id_jornada, with desde). Their pending requests and approved ones not yet begun are recounted in the same transaction (notification `RECALCULO`).",
  })
  @ApiParam(ID_PARAM)
  @ApiCreatedResponse({ type: AsignacionJornadaResponseDto, description: 'The assignment as stored' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion`: invalid body, naming each field; `jornada_no_encontrada` (campo `id_jornada`): no such schedule.' })
  @ApiForbiddenWithCode('solo_super_administrador; or, as on every endpoint, an unknown employee or a role without access')
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: '`empleado_no_encontrado`.' })
  async asignar(@CurrentEmployee() caller: AuthenticatedEmployee, @Param('id', ParseIdPipe) id: number, @Body() dto: AsignarJornadaDto): Promise<AsignacionJornadaResponseDto> {
    return { success: true, data: await this.jornadas.asignar(caller, id, dto) };
  }

  @Delete(':id/jornadas/:idAsignacion')
  @AdminOnly()
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary: "Remove one of an employee's schedule assignments (admin; other admins: Super Admin only)",
    description: "Admins and Super Admins. The previous assignment (or the default week) then applies in its place. Recorded in the employee's history. Their pending requests and approved ones not yet begun are recounted in the same transaction (notification `RECALCULO`).",
  })
  @ApiParam(ID_PARAM)
  @ApiParam({ name: 'idAsignacion', schema: { type: 'integer', minimum: 1, example: 5 }, description: 'An id_empleado_jornada of this employee' })
  @ApiNoContentResponse({ description: 'Removed.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion`: an id is not a positive integer.' })
  @ApiForbiddenWithCode('solo_super_administrador; or, as on every endpoint, an unknown employee or a role without access')
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: '`empleado_no_encontrado`, or `asignacion_jornada_no_encontrada`: the employee has no assignment with that id.' })
  async eliminar(@CurrentEmployee() caller: AuthenticatedEmployee, @Param('id', ParseIdPipe) id: number, @Param('idAsignacion', ParseIdPipe) idAsignacion: number): Promise<void> {
    await this.jornadas.eliminar(caller, id, idAsignacion);
  }
}
