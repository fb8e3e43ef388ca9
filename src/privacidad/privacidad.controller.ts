import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiGoneResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { CurrentEmployee } from '../auth/current-employee.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import { RolId } from '../catalogs/rol.entity.js';
import { ApiForbiddenWithCode, ApiProtected, ErrorResponseDto } from '../common/openapi-responses.js';
import { PaginationQueryDto } from '../common/pagination.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { BloqueadosService } from './bloqueados.service.js';
import { AbrirConsultaDto, ConsultaAbiertaDto, VistaBloqueadosDto } from './dto/bloqueados.dto.js';
import { ListarRegistroQuery, RegistroPrivacidadDto } from './dto/registro.dto.js';
import { SolicitarSupresionDto, SupresionDto } from './dto/supresion.dto.js';
import { MAX_SUPRESIONES_POR_DIA } from './privacidad-errors.js';
import { RegistroService } from './registro.service.js';
import { SupresionService } from './supresion.service.js';

@ApiTags('privacidad')
@ApiProtected()
@Controller('api/privacidad')
export class PrivacidadController {
  constructor(
    private readonly supresion: SupresionService,
    private readonly registro: RegistroService,
    private readonly bloqueados: BloqueadosService,
  ) {}

  @Post('supresion')
  @ApiOperation({
    summary: 'Ask for the erasure of personal data (GDPR art. 17)',
    description:
      'By the employee for themselves, or by an Admin or Super Admin for an employee who has left. Answered per kind of data: ' +
      'erased now (notifications and their preferences, the daily digest, the calendar feed link, the profile photo, and after the leave ' +
      'the phone and address), or kept until a stated date under a stated law (GDPR art. 17(3)(b) and (e)): the retention periods count ' +
      'from fecha_baja, then the data is blocked (LOPDGDD art. 32) for BLOQUEO_ANIOS and deleted. The answer is stored in the privacy registry. ' +
      `At most ${MAX_SUPRESIONES_POR_DIA} a day per employee. See docs/privacy.md.`,
  })
  @ApiCreatedResponse({ type: SupresionDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion` naming the field: id_empleado missing or not a positive integer, or an unknown field.' })
  @ApiForbiddenWithCode("solo_tus_datos: an employee without an admin role asking for someone else's data; or, as on every endpoint, an unknown employee")
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: '`empleado_no_encontrado`.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: '`empleado_en_activo`: an Admin asking for an employee who has not left.' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: `\`demasiadas_supresiones\`: ${MAX_SUPRESIONES_POR_DIA} already answered for this employee in the last 24 hours.` })
  solicitarSupresion(@CurrentEmployee() caller: AuthenticatedEmployee, @Body() dto: SolicitarSupresionDto): Promise<SupresionDto> {
    return this.supresion.solicitar(caller, dto);
  }

  @Get('registro')
  @Roles(RolId.SuperAdministrador)
  @ApiOperation({
    summary: 'The privacy registry, newest first (Super Admin)',
    description: 'Exports, blocked-data views (with their reason), blocking and purge runs, and erasure answers. Never changed nor deleted.',
  })
  @ApiOkResponse({ type: RegistroPrivacidadDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'An unknown `tipo`, `id_empleado` not a positive integer, or `pagina`/`limite` out of range.' })
  listarRegistro(@Query() query: ListarRegistroQuery): Promise<RegistroPrivacidadDto> {
    return this.registro.listar(query);
  }

  @Post('bloqueados/consultas')
  @Roles(RolId.SuperAdministrador)
  @ApiOperation({
    summary: "Open a one-hour, read-only view of an employee's blocked data, stating the legal reason (Super Admin)",
    description: 'LOPDGDD art. 32: blocked data is shown only to answer courts and authorities. The opening is logged in the privacy registry with its reason.',
  })
  @ApiCreatedResponse({ type: ConsultaAbiertaDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion` naming the field: motivo missing, shorter than 10 or longer than 500 characters; an unknown field.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: '`empleado_no_encontrado`.' })
  abrirConsulta(@CurrentEmployee() caller: AuthenticatedEmployee, @Body() dto: AbrirConsultaDto): Promise<ConsultaAbiertaDto> {
    return this.bloqueados.abrir(caller, dto);
  }

  @Get('bloqueados/consultas/:id')
  @Roles(RolId.SuperAdministrador)
  @ApiOperation({
    summary: "The employee's blocked data, grouped by kind (Super Admin who opened the view)",
    description: 'Read-only, paginated over all the rows (at most 100 a page), until expira_en. Each view is logged in the privacy registry.',
  })
  @ApiOkResponse({ type: VistaBloqueadosDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`id` is not a positive integer, or `pagina`/`limite` out of range.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: '`consulta_no_encontrada`: no such view, or another Super Admin opened it.' })
  @ApiGoneResponse({ type: ErrorResponseDto, description: '`consulta_caducada`: the hour is over; open another one.' })
  verConsulta(@CurrentEmployee() caller: AuthenticatedEmployee, @Param('id', ParseIdPipe) id: number, @Query() pagina: PaginationQueryDto): Promise<VistaBloqueadosDto> {
    return this.bloqueados.ver(caller, id, pagina);
  }
}
