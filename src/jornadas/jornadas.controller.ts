import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { CurrentEmployee } from '../auth/current-employee.decorator.js';
import { AdminOnly } from '../auth/roles.decorator.js';
import { ApiCatalogCreate, ApiCatalogDelete, ApiCatalogItem, ApiCatalogList, ApiCatalogUpdate } from '../common/openapi-catalog-operations.js';
import { ApiProtected } from '../common/openapi-responses.js';
import { PaginationQueryDto } from '../common/pagination.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { CreateJornadaDto } from './dto/create-jornada.dto.js';
import { JornadaResponseDto, JornadasPageDto } from './dto/jornada.response.js';
import { UpdateJornadaDto } from './dto/update-jornada.dto.js';
import { JornadasService } from './jornadas.service.js';

const NOT_FOUND = '`jornada_no_encontrada`.';
const DUPLICATE = '`jornada_duplicada` (campo `nombre`): another schedule has that name, in any case.';
const INVALID_BODY =
  '`validacion`: invalid body, naming each field: a blank or long nombre; horas not seven numbers of 0 to 24 in quarter hours, or none above 0; ' +
  'periodos past 12, overlapping, or with a desde or hasta that is no MM-DD day, or hasta before desde.';

@ApiTags('jornadas')
@ApiProtected()
@Controller('api/jornadas')
export class JornadasController {
  constructor(private readonly jornadas: JornadasService) {}

  @Get()
  @ApiCatalogList({
    summary: 'Working schedules by name',
    description: 'Any employee. Paged by pagina and limite (at most 100 a page). Employees without a schedule work the default week, 8 hours Monday to Friday, which is not listed.',
    type: JornadasPageDto,
  })
  listar(@Query() query: PaginationQueryDto): Promise<JornadasPageDto> {
    return this.jornadas.listar(query);
  }

  @Get(':id')
  @ApiCatalogItem({ summary: 'One working schedule', type: JornadaResponseDto, notFound: NOT_FOUND })
  async leer(@Param('id', ParseIdPipe) id: number): Promise<JornadaResponseDto> {
    return { success: true, data: await this.jornadas.leer(id) };
  }

  @Post()
  @AdminOnly()
  @ApiCatalogCreate({
    summary: 'Add a working schedule (admin)',
    description: 'Admins and Super Admins. nombre is unique in any case (409 jornada_duplicada); periodos are stored in the order of the year.',
    type: JornadaResponseDto,
    invalidBody: INVALID_BODY,
    conflict: DUPLICATE,
  })
  async crear(@Body() body: CreateJornadaDto): Promise<JornadaResponseDto> {
    return { success: true, data: await this.jornadas.crear(body) };
  }

  @Put(':id')
  @AdminOnly()
  @ApiCatalogUpdate({
    summary: 'Change some fields of a working schedule (admin)',
    description:
      'Admins and Super Admins. Send only what changes (`{}` is 400 sin_cambios); periodos replaces the whole list. The employees who have it count their days with the new hours: their pending requests and approved ones not yet begun are recounted in the same transaction (notification `RECALCULO`).',
    type: JornadaResponseDto,
    invalidBody: INVALID_BODY,
    notFound: NOT_FOUND,
    conflict: DUPLICATE,
  })
  async cambiar(@CurrentEmployee() caller: AuthenticatedEmployee, @Param('id', ParseIdPipe) id: number, @Body() body: UpdateJornadaDto): Promise<JornadaResponseDto> {
    return { success: true, data: await this.jornadas.cambiar(caller, id, body) };
  }

  @Delete(':id')
  @AdminOnly()
  @ApiCatalogDelete({
    summary: 'Remove a working schedule nobody was ever assigned (admin)',
    description: "Admins and Super Admins. A schedule in any employee's assignment history, past, present or future, stays (409 jornada_en_uso): their requests are counted with it.",
    notFound: NOT_FOUND,
    inUse: '`jornada_en_uso`: an assignment names it.',
  })
  async eliminar(@Param('id', ParseIdPipe) id: number): Promise<void> {
    await this.jornadas.eliminar(id);
  }
}
