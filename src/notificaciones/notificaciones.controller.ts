import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { CurrentEmployee } from '../auth/current-employee.decorator.js';
import { ApiProtected, ErrorResponseDto } from '../common/openapi-responses.js';
import { ListarNotificacionesDto } from './dto/listar-notificaciones.dto.js';
import { MarcarLeidasDto } from './dto/marcar-leidas.dto.js';
import { NotificacionesDto, NotificacionesMarcadasDto } from './dto/notificaciones-respuesta.dto.js';
import { NotificacionesService } from './notificaciones.service.js';

@ApiTags('notificaciones')
@ApiProtected()
@Controller('api/notificaciones')
export class NotificacionesController {
  constructor(private readonly notificaciones: NotificacionesService) {}

  @Get()
  @ApiOperation({
    summary: "The caller's 10 newest notifications and the count of all unread ones",
    description: 'solo_no_leidas=true lists unread ones only. The unread count covers all of them, not only the ten listed.',
  })
  @ApiQuery({ name: 'solo_no_leidas', required: false, enum: ['true', 'false'], description: '`true`: unread ones only.' })
  @ApiOkResponse({ type: NotificacionesDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`solo_no_leidas` other than `true` or `false`.' })
  listar(@CurrentEmployee() employee: AuthenticatedEmployee, @Query() query: ListarNotificacionesDto): Promise<NotificacionesDto> {
    return this.notificaciones.listar(employee.id_empleado, query.solo_no_leidas ?? false);
  }

  @Put('leer')
  @ApiOperation({
    summary: "Mark the caller's own notifications as read; other users' ids change nothing",
    description: "Body: `ids`, up to 100. Ids of other users' notifications are ignored rather than refused, so the answer tells nothing about them.",
  })
  @ApiOkResponse({ type: NotificacionesMarcadasDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`ids` missing, empty, over 100 items, or not positive integers.' })
  leer(@CurrentEmployee() employee: AuthenticatedEmployee, @Body() body: MarcarLeidasDto): Promise<NotificacionesMarcadasDto> {
    return this.notificaciones.marcarLeidas(employee.id_empleado, body.ids);
  }
}
