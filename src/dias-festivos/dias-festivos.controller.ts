import { Body, Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
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
import { AdminOnly } from '../auth/roles.decorator.js';
import { ErrorResponseDto, ApiProtected } from '../common/openapi-responses.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { DiasFestivosService } from './dias-festivos.service.js';
import { CreateDiaFestivoDto } from './dto/create-dia-festivo.dto.js';
import { DiaFestivoCreadoResponseDto, DiaFestivoEliminadoResponseDto, DiasFestivosResponseDto } from './dto/dia-festivo-response.dto.js';
import { ListDiasFestivosQueryDto } from './dto/list-dias-festivos-query.dto.js';

@ApiTags('dias-festivos')
@ApiProtected()
@Controller('api/dias-festivos')
export class DiasFestivosController {
  constructor(private readonly diasFestivos: DiasFestivosService) {}

  @Get()
  @ApiOperation({
    summary: 'Company holidays by date',
    description: 'Any employee; anio narrows it to one year. Requests do not count these days as working days.',
  })
  @ApiOkResponse({ type: DiasFestivosResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion`: `anio` is not an integer from 2000 to 2100.' })
  async listar(@Query() query: ListDiasFestivosQueryDto): Promise<DiasFestivosResponseDto> {
    return { success: true, data: await this.diasFestivos.listar(query.anio) };
  }

  @Post()
  @AdminOnly()
  @ApiOperation({
    summary: 'Add a holiday (admin)',
    description: 'Admins and Super Admins. One holiday per date (409 dia_festivo_duplicado). Requests created from now on leave it out; existing ones keep the days they counted.',
  })
  @ApiCreatedResponse({ type: DiaFestivoCreadoResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion`: invalid body; `fecha_invalida`: not a real YYYY-MM-DD date.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: '`dia_festivo_duplicado`: that date already has a holiday.' })
  async crear(@Body() body: CreateDiaFestivoDto): Promise<DiaFestivoCreadoResponseDto> {
    return { success: true, message: 'Día festivo creado correctamente.', data: await this.diasFestivos.crear(body) };
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
