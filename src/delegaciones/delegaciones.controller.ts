import { Body, Controller, Delete, Get, Param, Post, UseGuards } from '@nestjs/common';
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
import { ApiProtected, ErrorResponseDto } from '../common/openapi-responses.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { DelegacionesService } from './delegaciones.service.js';
import { CreateDelegacionDto } from './dto/create-delegacion.dto.js';
import { DelegacionCreadaResponseDto, DelegacionesResponseDto, DelegacionRevocadaResponseDto } from './dto/delegacion.response.js';
import { PuedeDelegarGuard } from './puede-delegar.guard.js';

@ApiTags('delegaciones')
@ApiProtected()
@Controller('api/delegaciones')
export class DelegacionesController {
  constructor(private readonly delegaciones: DelegacionesService) {}

  @Get()
  @ApiOperation({
    summary: "The caller's delegations not yet ended, given and received",
    description: 'Any employee: the delegations they gave and those they received that have not ended yet.',
  })
  @ApiOkResponse({ type: DelegacionesResponseDto })
  async listar(@CurrentEmployee() caller: AuthenticatedEmployee): Promise<DelegacionesResponseDto> {
    return { success: true, data: await this.delegaciones.listar(caller) };
  }

  @Post()
  @UseGuards(PuedeDelegarGuard)
  @ApiOperation({
    summary: 'Delegate decisions to another employee for some days (whoever approves something: today Admins)',
    description: 'Whoever decides requests (today Admins) hands their decisions to another active employee from desde to hasta, both included: the delegate decides as them, and those decisions name them (en_nombre_de).',
  })
  @ApiCreatedResponse({ type: DelegacionCreadaResponseDto })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: '`validacion`: invalid body; `fecha_invalida`: not a real YYYY-MM-DD date; `rango_fechas_invalido`: desde after hasta; `delegacion_terminada`: hasta before today.',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: '`empleado_no_encontrado`: no active employee has id_delegado.' })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description:
      '`delegacion_a_si_mismo`; `delegacion_solapada`: the caller already delegates on one of those days; `delegacion_en_cadena`: the delegate already delegates back to the caller, directly or through others, on a shared day; `demasiadas_delegaciones`: 20 not yet ended.',
  })
  async crear(@CurrentEmployee() caller: AuthenticatedEmployee, @Body() body: CreateDelegacionDto): Promise<DelegacionCreadaResponseDto> {
    return { success: true, message: 'Delegación creada correctamente.', data: await this.delegaciones.crear(caller, body) };
  }

  @Delete(':id')
  @ApiOperation({
    summary: 'Revoke a delegation (its delegator, or an Admin)',
    description: 'Ends the delegation now; decisions already made stay.',
  })
  @ApiParam({ name: 'id', schema: { type: 'integer', minimum: 1, example: 1 } })
  @ApiOkResponse({ type: DelegacionRevocadaResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion`: the id is not a positive integer.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: "`delegacion_no_encontrada`: none with that id, or not the caller's to revoke." })
  async revocar(@CurrentEmployee() caller: AuthenticatedEmployee, @Param('id', ParseIdPipe) id: number): Promise<DelegacionRevocadaResponseDto> {
    await this.delegaciones.revocar(caller, id);
    return { success: true, message: 'Delegación revocada correctamente.' };
  }
}
