import { Controller, Get, Post, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { CurrentEmployee } from '../auth/current-employee.decorator.js';
import { Public } from '../auth/public.decorator.js';
import { ApiProtected, ErrorResponseDto } from '../common/openapi-responses.js';
import { CalendarioFeedService } from './calendario-feed.service.js';
import { CalendarioService } from './calendario.service.js';
import { CalendarioQuery } from './dto/calendario.query.js';
import { CalendarioEnlaceResponseDto, CalendarioResponseDto } from './dto/calendario.response.js';

@ApiTags('calendario')
@Controller('api')
export class CalendarioController {
  constructor(
    private readonly calendario: CalendarioService,
    private readonly feeds: CalendarioFeedService,
  ) {}

  @Get('calendario')
  @ApiProtected()
  @ApiOperation({
    summary: "Who's out: approved (optionally pending) leave overlapping a range of at most 93 days, of the caller's team (manager's reports, own reports, self); everyone for Admins",
    description: 'desde and hasta span at most 93 days, both included; incluir_pendientes adds pending requests; id_empleado and id_responsable narrow the view. At most 5,000 entries: truncado is true when more matched.',
  })
  @ApiOkResponse({ type: CalendarioResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion`, `rango_fechas_invalido` (hasta before desde), `rango_demasiado_largo` (over 93 days)' })
  async list(@CurrentEmployee() caller: AuthenticatedEmployee, @Query() query: CalendarioQuery): Promise<CalendarioResponseDto> {
    const { entries, truncado } = await this.calendario.list(caller, query);
    return { success: true, data: entries, truncado };
  }

  @Post('calendario/enlace')
  @ApiProtected()
  @ApiOperation({
    summary: "Creates or rotates the caller's secret calendar-feed URL (shown once; the previous URL stops working)",
    description: "The answer's url (GET /api/calendario.ics with its key) is shown only now: only the key's hash is kept. Calling again replaces it.",
  })
  @ApiCreatedResponse({ type: CalendarioEnlaceResponseDto })
  async link(@CurrentEmployee() caller: AuthenticatedEmployee): Promise<CalendarioEnlaceResponseDto> {
    return { success: true, message: 'Enlace de calendario creado correctamente.', data: await this.feeds.rotate(caller.id_empleado) };
  }

  @Get('calendario.ics')
  @Public()
  @ApiOperation({
    summary: "The key owner's calendar as RFC 5545, 30 days back to 180 ahead, approved requests only (no bearer token: the key is the credential)",
    description: 'For calendar apps that subscribe to a URL: clave is the key from POST /api/calendario/enlace. Whole days are all-day events; half days and hours are timed events.',
    security: [],
  })
  @ApiQuery({ name: 'clave', required: true, type: 'string', description: 'The secret from POST /api/calendario/enlace' })
  @ApiOkResponse({ description: 'RFC 5545 calendar (`Cache-Control: private`)', content: { 'text/calendar': { schema: { type: 'string' } } } })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: '`enlace_no_encontrado`: unknown or rotated key, or its owner is inactive' })
  async feed(@Query('clave') clave: unknown, @Res({ passthrough: true }) response: Response): Promise<string> {
    const text = await this.feeds.feed(clave);
    // Set here, not with @Header: errors must keep the JSON type and the global no-store.
    response.setHeader('Content-Type', 'text/calendar; charset=utf-8');
    response.setHeader('Cache-Control', 'private');
    return text;
  }
}
