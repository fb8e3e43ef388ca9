import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
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
import { ErrorResponseDto, ApiProtected } from '../common/openapi-responses.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { DiasFestivosService } from './dias-festivos.service.js';
import { CreateDiaFestivoDto } from './dto/create-dia-festivo.dto.js';
import { DiaFestivoCreadoResponseDto, DiaFestivoEliminadoResponseDto, DiasFestivosResponseDto, ImportacionFestivosResponseDto } from './dto/dia-festivo-response.dto.js';
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
      "Any employee: the holidays that apply to them (national ones their centre's community does not drop, their community's and their centre's; no centre: national only); requests do not count these days as working days. anio narrows it to one year. Admins may instead ask for a centre's (id_centro_trabajo), a community's (comunidad_autonoma) or every row (todos=true), one at a time.",
  })
  @ApiOkResponse({ type: DiasFestivosResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion`: a bad parameter; `filtros_incompatibles`: more than one of id_centro_trabajo, comunidad_autonoma, todos=true; `centro_no_encontrado`: no such centre.' })
  async listar(@CurrentEmployee() caller: AuthenticatedEmployee, @Query() query: ListDiasFestivosQueryDto): Promise<DiasFestivosResponseDto> {
    return { success: true, data: await this.diasFestivos.listar(caller, query) };
  }

  @Post()
  @AdminOnly()
  @ApiOperation({
    summary: 'Add a holiday (admin)',
    description: "Admins and Super Admins. ambito nacional (default), autonomico (with comunidad_autonoma) or local (with id_centro_trabajo); an autonomico row with excluye_nacional takes that date's national holiday away from the community. One holiday per date and target (409 dia_festivo_duplicado). Requests created from now on count with it; existing ones keep the days they counted.",
  })
  @ApiCreatedResponse({ type: DiaFestivoCreadoResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion`: invalid body; `destino_festivo_invalido`: a target missing or not allowed for the scope (naming the field); `fecha_invalida`: not a real YYYY-MM-DD date; `centro_no_encontrado`: no such centre.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: '`dia_festivo_duplicado`: that date already has a holiday for that target.' })
  async crear(@Body() body: CreateDiaFestivoDto): Promise<DiaFestivoCreadoResponseDto> {
    return { success: true, message: 'Día festivo creado correctamente.', data: await this.diasFestivos.crear(body) };
  }

  @Post('importar')
  @AdminOnly()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: "Import a year's public holidays (admin)",
    description:
      "Admins and Super Admins. Proposes the year's public holidays of Spain from the date-holidays package (derived from rules, not the BOE's list: check and edit them) and, with comunidad_autonoma, that community's extra days as autonomico; inserts those whose date and target have none yet and answers what it added and what it left out. Local holidays and national days a community drops are added by hand.",
  })
  @ApiOkResponse({ type: ImportacionFestivosResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion`: anio not an integer from 2000 to 2100, or an unknown comunidad_autonoma.' })
  async importar(@Body() body: ImportarDiasFestivosDto): Promise<ImportacionFestivosResponseDto> {
    return { success: true, data: await this.diasFestivos.importar(body) };
  }

  @Delete(':id')
  @AdminOnly()
  @ApiOperation({
    summary: 'Remove a holiday (admin)',
    description: 'Admins and Super Admins. Requests already created keep the days they counted.',
  })
  @ApiParam({ name: 'id', schema: { type: 'integer', minimum: 1, example: 1 } })
  @ApiOkResponse({ type: DiaFestivoEliminadoResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion`: the id is not a positive integer.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: '`dia_festivo_no_encontrado`.' })
  async eliminar(@Param('id', ParseIdPipe) id: number): Promise<DiaFestivoEliminadoResponseDto> {
    await this.diasFestivos.eliminar(id);
    return { success: true, message: 'Día festivo eliminado correctamente.' };
  }
}
