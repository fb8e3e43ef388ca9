import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiConsumes,
  ApiBody,
  ApiParam,
  ApiPayloadTooLargeResponse,
  ApiUnsupportedMediaTypeResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { CurrentEmployee } from '../auth/current-employee.decorator.js';
import { AdminOnly } from '../auth/roles.decorator.js';
import { ErrorResponseDto, ApiProtected } from '../common/openapi-responses.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { DiasFestivosService } from './dias-festivos.service.js';
import { CreateDiaFestivoDto } from './dto/create-dia-festivo.dto.js';
import { CsvBody } from './csv-body.js';
import {
  CsvInvalidoResponseDto,
  DiaFestivoActualizadoResponseDto,
  DiaFestivoCreadoResponseDto,
  DiaFestivoEliminadoResponseDto,
  DiasFestivosResponseDto,
  ImportacionFestivosResponseDto,
} from './dto/dia-festivo-response.dto.js';
import { MAX_CSV_BYTES, MAX_CSV_FILAS } from './festivos-csv.js';
import { ImportarDiasFestivosDto } from './dto/importar-dias-festivos.dto.js';
import { ListDiasFestivosQueryDto } from './dto/list-dias-festivos-query.dto.js';

@ApiTags('dias-festivos')
@ApiProtected()
@Controller('api/dias-festivos')
export class DiasFestivosController {
  constructor(private readonly diasFestivos: DiasFestivosService) {}

  @Get()
  @ApiOperation({
    summary: "The caller's holidays by date",
    description:
      "Any employee: the holidays that apply to them (national ones their centre's community does not drop, their community's and their centre's; no centre: national only); requests do not count these days as working days. anio narrows it to one year. Admins may instead ask for a centre's (id_centro_trabajo), a community's (comunidad_autonoma) or every row (todos=true, a page at a time: pagina, limite up to 100, default 100; the answer then has pagination), one at a time.",
  })
  @ApiOkResponse({ type: DiasFestivosResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion`: a bad parameter; `filtros_incompatibles`: more than one of id_centro_trabajo, comunidad_autonoma, todos=true; `centro_no_encontrado`: no such centre.' })
  async listar(@CurrentEmployee() caller: AuthenticatedEmployee, @Query() query: ListDiasFestivosQueryDto): Promise<DiasFestivosResponseDto> {
    return { success: true, ...(await this.diasFestivos.listar(caller, query)) };
  }

  @Post()
  @AdminOnly()
  @ApiOperation({
    summary: 'Add a holiday (admin)',
    description: "Admins and Super Admins. ambito nacional (default), autonomico (with comunidad_autonoma) or local (with id_centro_trabajo); an autonomico row with excluye_nacional takes that date's national holiday away from the community. One holiday per date and target (409 dia_festivo_duplicado). Requests count with it: the pending ones and the approved ones not yet begun that it reaches are recounted in the same transaction (notification `RECALCULO`).",
  })
  @ApiCreatedResponse({ type: DiaFestivoCreadoResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion`: invalid body; `destino_festivo_invalido`: a target missing or not allowed for the scope (naming the field); `fecha_invalida`: not a real YYYY-MM-DD date; `centro_no_encontrado`: no such centre.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: '`dia_festivo_duplicado`: that date already has a holiday for that target.' })
  async crear(@CurrentEmployee() caller: AuthenticatedEmployee, @Body() body: CreateDiaFestivoDto): Promise<DiaFestivoCreadoResponseDto> {
    return { success: true, message: 'Día festivo creado correctamente.', data: await this.diasFestivos.crear(caller, body) };
  }

  @Post('importar')
  @AdminOnly()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: "Import a year's public holidays (admin)",
    description:
      "Admins and Super Admins. Proposes the year's public holidays of Spain from the date-holidays package (derived from rules, not the BOE's list: check and edit them) and, with comunidad_autonoma, that community's extra days as autonomico; inserts those whose date and target have none yet and answers what it added and what it left out. Local holidays and national days a community drops are added by hand. The requests over the dates it adds are recounted in the same transaction (notification `RECALCULO`).",
  })
  @ApiOkResponse({ type: ImportacionFestivosResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion`: anio not an integer from 2000 to 2100, or an unknown comunidad_autonoma.' })
  async importar(@CurrentEmployee() caller: AuthenticatedEmployee, @Body() body: ImportarDiasFestivosDto): Promise<ImportacionFestivosResponseDto> {
    return { success: true, data: await this.diasFestivos.importar(caller, body) };
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({
    summary: 'Replace a holiday (admin)',
    description:
      'Admins and Super Admins. The same body and rules as adding one; every field is replaced (a field left out takes its default: ambito nacional, no target, excluye_nacional false). One holiday per date and target (409 dia_festivo_duplicado when another row has them). The requests over its old and new date are recounted in the same transaction (notification `RECALCULO`).',
  })
  @ApiParam({ name: 'id', schema: { type: 'integer', minimum: 1, example: 1 } })
  @ApiOkResponse({ type: DiaFestivoActualizadoResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion`: invalid id or body; `destino_festivo_invalido`: a target missing or not allowed for the scope (naming the field); `fecha_invalida`; `centro_no_encontrado`.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: '`dia_festivo_no_encontrado`.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: '`dia_festivo_duplicado`: another row has that date and target.' })
  async actualizar(@CurrentEmployee() caller: AuthenticatedEmployee, @Param('id', ParseIdPipe) id: number, @Body() body: CreateDiaFestivoDto): Promise<DiaFestivoActualizadoResponseDto> {
    return { success: true, message: 'Día festivo actualizado correctamente.', data: await this.diasFestivos.actualizar(caller, id, body) };
  }

  @Post('csv')
  @AdminOnly()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Import holidays from a CSV file (admin)',
    description: `Admins and Super Admins. The body is a UTF-8 CSV file (Content-Type text/csv) with the header fecha,nombre[,ambito][,comunidad_autonoma][,centro_trabajo][,excluye_nacional] in any order: ambito empty is nacional; comunidad_autonoma an ISO code (ES-CT) for autonomico; centro_trabajo a centre's codigo (ignoring case) for local; excluye_nacional true/false (autonomico only). All rows are written in one transaction or, when any line has a problem, none (400 csv_invalido listing each line); rows whose date and target already have a holiday are left out and listed in omitidos. At most ${MAX_CSV_FILAS} rows and ${MAX_CSV_BYTES / 1024} KiB. The requests over the dates added are recounted in the same transaction (notification \`RECALCULO\`). The CLI \`npm run festivos:import -- <file.csv>\` does the same.`,
  })
  @ApiConsumes('text/csv')
  @ApiBody({ schema: { type: 'string', maxLength: MAX_CSV_BYTES, example: 'fecha,nombre,ambito,comunidad_autonoma,centro_trabajo\n2027-06-24,Sant Joan,autonomico,ES-CT,\n' } })
  @ApiOkResponse({ type: ImportacionFestivosResponseDto })
  @ApiBadRequestResponse({ type: CsvInvalidoResponseDto, description: '`csv_invalido`: the file has problems (each in lineas, with its line); nothing was written. `solicitud_invalida`: a malformed JSON body sent instead of the CSV.' })
  @ApiPayloadTooLargeResponse({ type: ErrorResponseDto, description: `\`cuerpo_demasiado_grande\`: more than ${MAX_CSV_BYTES / 1024} KiB.` })
  @ApiUnsupportedMediaTypeResponse({ type: ErrorResponseDto, description: '`tipo_contenido_no_soportado`: the body was not sent as text/csv.' })
  async importarCsv(@CurrentEmployee() caller: AuthenticatedEmployee, @CsvBody() csv: string): Promise<ImportacionFestivosResponseDto> {
    return { success: true, data: await this.diasFestivos.importarCsv(caller.id_empleado, csv) };
  }

  @Delete(':id')
  @AdminOnly()
  @ApiOperation({
    summary: 'Remove a holiday (admin)',
    description: 'Admins and Super Admins. The pending requests and the approved ones not yet begun that counted it are recounted in the same transaction (notification `RECALCULO`).',
  })
  @ApiParam({ name: 'id', schema: { type: 'integer', minimum: 1, example: 1 } })
  @ApiOkResponse({ type: DiaFestivoEliminadoResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion`: the id is not a positive integer.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: '`dia_festivo_no_encontrado`.' })
  async eliminar(@CurrentEmployee() caller: AuthenticatedEmployee, @Param('id', ParseIdPipe) id: number): Promise<DiaFestivoEliminadoResponseDto> {
    await this.diasFestivos.eliminar(caller, id);
    return { success: true, message: 'Día festivo eliminado correctamente.' };
  }
}
