import { Body, Controller, Get, HttpStatus, Post, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { CurrentEmployee } from '../auth/current-employee.decorator.js';
import { AdminOnly } from '../auth/roles.decorator.js';
import { ApiProtected, AuthErrorDto, ErrorResponseDto } from '../common/openapi-responses.js';
import { CreateFichajeDto } from './dto/create-fichaje.dto.js';
import { DiaFichajesResponseDto, FichajeResponseDto, VerificacionResponseDto } from './dto/fichaje.response.js';
import { FichajesQuery, VerificacionQuery } from './dto/fichajes.query.js';
import { PeriodoResponseDto } from './dto/periodo.response.js';
import { FichajesService } from './fichajes.service.js';
import { PeriodoService } from './periodo.service.js';
import { VerificacionService } from './verificacion.service.js';

@ApiTags('fichajes')
@ApiProtected()
@Controller('api/fichajes')
export class FichajesController {
  constructor(
    private readonly fichajes: FichajesService,
    private readonly verificacion: VerificacionService,
    private readonly periodo: PeriodoService,
  ) {}

  @Get()
  @ApiOperation({
    summary: "An employee's records over a period, day by day, with worked, expected, excess and short minutes",
    description:
      'Own records by default; with id_empleado, an Admin reads anyone’s and a manager their reports’ (directly, or as the delegate today of their manager), like the requests they decide. ' +
      'desde and hasta span at most 366 days, both included; one entry per date, days without records too. ' +
      'minutos_previstos comes from the schedule in force and the holidays, less approved vacations, permissions and absences; exceso and defecto count once a day is settled (closed, or past without records), never while it is open.',
  })
  @ApiOkResponse({ type: PeriodoResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion` (naming desde, hasta or id_empleado), `rango_fechas_invalido` (hasta before desde), `rango_demasiado_largo` (over 366 days)' })
  @ApiForbiddenResponse({ type: AuthErrorDto, description: 'No active employee has the `oid`; or, to a non-Admin, id_empleado of someone neither the caller nor their report (the role refusal’s body).' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: '`empleado_no_encontrado`' })
  async listar(@CurrentEmployee() caller: AuthenticatedEmployee, @Query() query: FichajesQuery): Promise<PeriodoResponseDto> {
    return { success: true, data: await this.periodo.listar(caller, query) };
  }

  @Post()
  @ApiOperation({
    summary: 'Clock in, out, or a pause (own)',
    description:
      "Any employee, for themselves; the time is the server's, the day the employee's work centre's (COMPANY_TIMEZONE without one). " +
      'Sequence: entrada only when out; salida and inicio_pausa only when in; fin_pausa only in a pause; a salida during a pause closes it first at the same instant. ' +
      'An entrada starts a working day on its date; every later record of that day keeps it, even past midnight. ' +
      'The same tipo again within 60 s, when it no longer fits, is a double click: 200 with the record already made. ' +
      'Records are never changed or deleted (Estatuto de los Trabajadores art. 34.9), and each is hash-chained to the previous one.',
  })
  @ApiCreatedResponse({ type: FichajeResponseDto, description: 'The new record (a salida during a pause: the salida) and the day as it stands.' })
  @ApiOkResponse({ type: FichajeResponseDto, description: 'A double click: the record made by the first click, and the day.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion`: tipo or modalidad missing or not one of their values.' })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: '`fichaje_fuera_de_secuencia` (its message names where the employee stands: out, in or in a pause), or `fichajes_del_dia_agotados`: a working day holds at most 100 records.',
  })
  async fichar(
    @CurrentEmployee() caller: AuthenticatedEmployee,
    @Body() body: CreateFichajeDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<FichajeResponseDto> {
    const { creado, ...data } = await this.fichajes.fichar(caller, body);
    response.status(creado ? HttpStatus.CREATED : HttpStatus.OK);
    return { success: true, data };
  }

  @Get('hoy')
  @ApiOperation({
    summary: "The caller's working day: the open one, or today",
    description: "Any employee, own. The day still open (entrada without salida, even if it began yesterday), otherwise today in the centre's time zone; minutes run up to now while in or paused.",
  })
  @ApiOkResponse({ type: DiaFichajesResponseDto })
  async hoy(@CurrentEmployee() caller: AuthenticatedEmployee): Promise<DiaFichajesResponseDto> {
    return { success: true, data: await this.fichajes.hoy(caller) };
  }

  @Get('verificacion')
  @AdminOnly()
  @ApiOperation({
    summary: "Recompute an employee's hash chain over a period (admin)",
    description:
      'Admins and Super Admins. Checks every record from the first to the last dated between desde and hasta (at most 366 days), linked into the period by the stored hash of the record before; ' +
      'names the first record whose link or content does not match: a change made behind the API.',
  })
  @ApiOkResponse({ type: VerificacionResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion`, `rango_fechas_invalido` (hasta before desde), `rango_demasiado_largo` (over 366 days)' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: '`empleado_no_encontrado`' })
  async verificar(@Query() query: VerificacionQuery): Promise<VerificacionResponseDto> {
    return { success: true, data: await this.verificacion.verificar(query) };
  }
}
