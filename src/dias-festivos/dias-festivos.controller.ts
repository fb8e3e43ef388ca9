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
  @ApiOperation({ summary: 'Días festivos, ordenados por fecha' })
  @ApiOkResponse({ type: DiasFestivosResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion`: `anio` no es un entero entre 2000 y 2100.' })
  async listar(@Query() query: ListDiasFestivosQueryDto): Promise<DiasFestivosResponseDto> {
    return { success: true, data: await this.diasFestivos.listar(query.anio) };
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Crea un día festivo (Administrador o Super Administrador)' })
  @ApiCreatedResponse({ type: DiaFestivoCreadoResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion`: cuerpo inválido; `fecha_invalida`: la fecha no existe o no es YYYY-MM-DD.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: '`dia_festivo_duplicado`: ya hay un día festivo en esa fecha.' })
  async crear(@Body() body: CreateDiaFestivoDto): Promise<DiaFestivoCreadoResponseDto> {
    return { success: true, message: 'Día festivo creado correctamente.', data: await this.diasFestivos.crear(body) };
  }

  @Delete(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Elimina un día festivo (Administrador o Super Administrador)' })
  @ApiParam({ name: 'id', schema: { type: 'integer', minimum: 1, example: 1 } })
  @ApiOkResponse({ type: DiaFestivoEliminadoResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion`: el id no es un entero positivo.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: '`dia_festivo_no_encontrado`.' })
  async eliminar(@Param('id', ParseIdPipe) id: number): Promise<DiaFestivoEliminadoResponseDto> {
    await this.diasFestivos.eliminar(id);
    return { success: true, message: 'Día festivo eliminado correctamente.' };
  }
}
