import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { CurrentEmployee } from '../auth/current-employee.decorator.js';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { AdminOnly } from '../auth/roles.decorator.js';
import { ApiProtected, ErrorResponseDto } from '../common/openapi-responses.js';
import { PaginationQueryDto } from '../common/pagination.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { CentrosTrabajoService } from './centros-trabajo.service.js';
import { CentroTrabajoResponseDto, CentrosTrabajoPageDto } from './dto/centro-trabajo.response.js';
import { CreateCentroTrabajoDto } from './dto/create-centro-trabajo.dto.js';
import { UpdateCentroTrabajoDto } from './dto/update-centro-trabajo.dto.js';

const ID_PARAM = { name: 'id', schema: { type: 'integer' as const, minimum: 1, example: 1 } };
const INVALID_BODY = '`validacion`: invalid body, naming each field (an unknown comunidad_autonoma, a blank nombre, a codigo with other characters, lengths); `zona_horaria_invalida`: not an IANA time zone.';

@ApiTags('centros-trabajo')
@ApiProtected()
@Controller('api/centros-trabajo')
export class CentrosTrabajoController {
  constructor(private readonly centros: CentrosTrabajoService) {}

  @Get()
  @ApiOperation({
    summary: 'Work centres by name',
    description: 'Any employee. Paged by pagina and limite (at most 100 a page): a company has a handful of centres, so one page of 100 usually holds them all.',
  })
  @ApiOkResponse({ type: CentrosTrabajoPageDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion`: pagina or limite out of range.' })
  listar(@Query() query: PaginationQueryDto): Promise<CentrosTrabajoPageDto> {
    return this.centros.listar(query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One work centre', description: 'Any employee.' })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: CentroTrabajoResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion`: the id is not a positive integer.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: '`centro_no_encontrado`.' })
  async leer(@Param('id', ParseIdPipe) id: number): Promise<CentroTrabajoResponseDto> {
    return { success: true, data: await this.centros.leer(id) };
  }

  @Post()
  @AdminOnly()
  @ApiOperation({
    summary: 'Add a work centre (admin)',
    description: 'Admins and Super Admins. codigo is unique in any case (409 centro_duplicado); zona_horaria defaults to COMPANY_TIMEZONE and is stored as the IANA name is spelt.',
  })
  @ApiCreatedResponse({ type: CentroTrabajoResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: INVALID_BODY })
  @ApiConflictResponse({ type: ErrorResponseDto, description: '`centro_duplicado` (campo `codigo`): another centre has that code, in any case.' })
  async crear(@Body() body: CreateCentroTrabajoDto): Promise<CentroTrabajoResponseDto> {
    return { success: true, data: await this.centros.crear(body) };
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({
    summary: 'Change some fields of a work centre (admin)',
    description:
      'Admins and Super Admins. Send only what changes (`{}` is 400 sin_cambios); null or blank localidad clears it. A new `comunidad_autonoma` changes the holidays of the centre\'s employees: their pending requests and approved ones not yet begun are recounted in the same transaction (notification `RECALCULO`).',
  })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: CentroTrabajoResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: `${INVALID_BODY} \`sin_cambios\`: no field given.` })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: '`centro_no_encontrado`.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: '`centro_duplicado` (campo `codigo`): another centre has that code, in any case.' })
  async cambiar(@CurrentEmployee() caller: AuthenticatedEmployee, @Param('id', ParseIdPipe) id: number, @Body() body: UpdateCentroTrabajoDto): Promise<CentroTrabajoResponseDto> {
    return { success: true, data: await this.centros.cambiar(caller, id, body) };
  }

  @Delete(':id')
  @AdminOnly()
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary: 'Remove a work centre nobody uses (admin)',
    description: 'Admins and Super Admins. A centre that employees are assigned to stays (409 centro_en_uso, the message says what uses it): move them first.',
  })
  @ApiParam(ID_PARAM)
  @ApiNoContentResponse({ description: 'Removed.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion`: the id is not a positive integer.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: '`centro_no_encontrado`.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: '`centro_en_uso`: employees are assigned to it.' })
  async eliminar(@Param('id', ParseIdPipe) id: number): Promise<void> {
    await this.centros.eliminar(id);
  }
}
