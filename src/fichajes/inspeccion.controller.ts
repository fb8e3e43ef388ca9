import { Body, Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { CurrentEmployee } from '../auth/current-employee.decorator.js';
import { AdminOnly } from '../auth/roles.decorator.js';
import { ApiProtected, ErrorResponseDto } from '../common/openapi-responses.js';
import { PaginationQueryDto } from '../common/pagination.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { CreateAccesoInspeccionDto, MAX_DIAS_ACCESO, MAX_DIAS_CADUCIDAD } from './dto/inspeccion.dto.js';
import { AccesoInspeccionCreadoResponseDto, AccesoInspeccionRevocadoResponseDto, AccesosInspeccionPageDto } from './dto/inspeccion.response.js';
import { InspeccionService } from './inspeccion.service.js';

@ApiTags('fichajes')
@ApiProtected()
@AdminOnly()
@Controller('api/fichajes/accesos-inspeccion')
export class InspeccionController {
  constructor(private readonly inspeccion: InspeccionService) {}

  @Post()
  @ApiOperation({
    summary: "Give the Labour Inspectorate a secret URL to the register of a period (admin; the URL is shown once)",
    description:
      `Admins and Super Admins. The answer's url serves every record dated from desde to hasta (at most ${MAX_DIAS_ACCESO} days) as CSV, url_json as JSON, ` +
      `to whoever holds it, without a bearer token, until caduca (at most ${MAX_DIAS_CADUCIDAD} days from now) or a revocation. ` +
      'It is shown only now: only its SHA-256 is kept. Every use is logged with its time and address and listed by GET.',
  })
  @ApiCreatedResponse({ type: AccesoInspeccionCreadoResponseDto })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description:
      '`validacion` (naming the field), `fecha_invalida` (caduca unreadable), `rango_fechas_invalido` (hasta before desde), `rango_demasiado_largo` (over 1461 days), `caducidad_invalida` (caduca not after now, or over 30 days from now)',
  })
  async crear(@CurrentEmployee() caller: AuthenticatedEmployee, @Body() body: CreateAccesoInspeccionDto): Promise<AccesoInspeccionCreadoResponseDto> {
    return { success: true, message: 'Acceso de inspección creado correctamente.', data: await this.inspeccion.crear(caller, body) };
  }

  @Get()
  @ApiOperation({
    summary: "The Inspectorate's accesses, newest first, with their state and latest uses (admin)",
    description: 'Admins and Super Admins. Never the URL or its key. Each access lists its latest 50 uses (time, address, formato) and counts them all.',
  })
  @ApiOkResponse({ type: AccesosInspeccionPageDto })
  async listar(@Query() query: PaginationQueryDto): Promise<AccesosInspeccionPageDto> {
    return { success: true, ...(await this.inspeccion.listar(query)) };
  }

  @Delete(':id')
  @ApiOperation({
    summary: "Revoke an Inspectorate's access: its URL answers 404 from now on (admin)",
    description: 'Admins and Super Admins. Idempotent: revoking it again answers it as it is, with the first revocation’s time and author. Its uses stay listed.',
  })
  @ApiParam({ name: 'id', schema: { type: 'integer', minimum: 1, example: 1 } })
  @ApiOkResponse({ type: AccesoInspeccionRevocadoResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion`: the id is not a positive integer.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: '`acceso_inspeccion_no_encontrado`' })
  async revocar(@CurrentEmployee() caller: AuthenticatedEmployee, @Param('id', ParseIdPipe) id: number): Promise<AccesoInspeccionRevocadoResponseDto> {
    return { success: true, message: 'Acceso de inspección revocado correctamente.', data: await this.inspeccion.revocar(caller, id) };
  }
}
