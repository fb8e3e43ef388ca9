import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { CurrentEmployee } from '../auth/current-employee.decorator.js';
import { AdminOnly } from '../auth/roles.decorator.js';
import { ApiCatalogCreate, ApiCatalogDelete, ApiCatalogItem, ApiCatalogList, ApiCatalogUpdate } from '../common/openapi-catalog-operations.js';
import { ApiProtected } from '../common/openapi-responses.js';
import { PaginationQueryDto } from '../common/pagination.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { CentrosTrabajoService } from './centros-trabajo.service.js';
import { CentroTrabajoResponseDto, CentrosTrabajoPageDto } from './dto/centro-trabajo.response.js';
import { CreateCentroTrabajoDto } from './dto/create-centro-trabajo.dto.js';
import { UpdateCentroTrabajoDto } from './dto/update-centro-trabajo.dto.js';

const NOT_FOUND = '`centro_no_encontrado`.';
const DUPLICATE = '`centro_duplicado` (campo `codigo`): another centre has that code, in any case.';
const INVALID_BODY = '`validacion`: invalid body, naming each field (an unknown comunidad_autonoma, a blank nombre, a codigo with other characters, lengths); `zona_horaria_invalida`: not an IANA time zone.';

@ApiTags('centros-trabajo')
@ApiProtected()
@Controller('api/centros-trabajo')
export class CentrosTrabajoController {
  constructor(private readonly centros: CentrosTrabajoService) {}

  @Get()
  @ApiCatalogList({
    summary: 'Work centres by name',
    description: 'Any employee. Paged by pagina and limite (at most 100 a page): a company has a handful of centres, so one page of 100 usually holds them all.',
    type: CentrosTrabajoPageDto,
  })
  listar(@Query() query: PaginationQueryDto): Promise<CentrosTrabajoPageDto> {
    return this.centros.listar(query);
  }

  @Get(':id')
  @ApiCatalogItem({ summary: 'One work centre', type: CentroTrabajoResponseDto, notFound: NOT_FOUND })
  async leer(@Param('id', ParseIdPipe) id: number): Promise<CentroTrabajoResponseDto> {
    return { success: true, data: await this.centros.leer(id) };
  }

  @Post()
  @AdminOnly()
  @ApiCatalogCreate({
    summary: 'Add a work centre (admin)',
    description: 'Admins and Super Admins. codigo is unique in any case (409 centro_duplicado); zona_horaria defaults to COMPANY_TIMEZONE and is stored as the IANA name is spelt.',
    type: CentroTrabajoResponseDto,
    invalidBody: INVALID_BODY,
    conflict: DUPLICATE,
  })
  async crear(@Body() body: CreateCentroTrabajoDto): Promise<CentroTrabajoResponseDto> {
    return { success: true, data: await this.centros.crear(body) };
  }

  @Put(':id')
  @AdminOnly()
  @ApiCatalogUpdate({
    summary: 'Change some fields of a work centre (admin)',
    description:
      "Admins and Super Admins. Send only what changes (`{}` is 400 sin_cambios); null or blank localidad clears it. A new `comunidad_autonoma` changes the holidays of the centre's employees: their pending requests and approved ones not yet begun are recounted in the same transaction (notification `RECALCULO`).",
    type: CentroTrabajoResponseDto,
    invalidBody: INVALID_BODY,
    notFound: NOT_FOUND,
    conflict: DUPLICATE,
  })
  async cambiar(@CurrentEmployee() caller: AuthenticatedEmployee, @Param('id', ParseIdPipe) id: number, @Body() body: UpdateCentroTrabajoDto): Promise<CentroTrabajoResponseDto> {
    return { success: true, data: await this.centros.cambiar(caller, id, body) };
  }

  @Delete(':id')
  @AdminOnly()
  @ApiCatalogDelete({
    summary: 'Remove a work centre nobody uses (admin)',
    description: 'Admins and Super Admins. A centre that employees are assigned to stays (409 centro_en_uso, the message says what uses it): move them first.',
    notFound: NOT_FOUND,
    inUse: '`centro_en_uso`: employees are assigned to it.',
  })
  async eliminar(@Param('id', ParseIdPipe) id: number): Promise<void> {
    await this.centros.eliminar(id);
  }
}
