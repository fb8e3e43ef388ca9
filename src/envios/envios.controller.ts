import { Controller, Get, HttpCode, HttpStatus, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/roles.decorator.js';
import { RolId } from '../catalogs/rol.entity.js';
import { apiError } from '../common/api-error.js';
import { ApiProtected, ErrorResponseDto } from '../common/openapi-responses.js';
import { EnvioReintentadoDto, EnviosDto, ListarEnviosQuery } from './envio.dto.js';
import { EnviosService } from './envios.service.js';

const idDeEnvio = new ParseUUIDPipe({
  exceptionFactory: () =>
    apiError(HttpStatus.BAD_REQUEST, 'validacion', 'Los datos enviados no son válidos.', { errores: [{ campo: 'envio', mensaje: 'debe ser un UUID.' }] }),
});

@ApiTags('envios')
@ApiProtected()
@Controller('api/admin/envios')
@Roles(RolId.SuperAdministrador)
export class EnviosController {
  constructor(private readonly envios: EnviosService) {}

  @Get()
  @ApiOperation({
    summary: 'Deliveries of the outbox, e-mails and webhook events, newest first (Super Admin)',
    description: 'estado=fallido lists what ran out of retries, with the last error; canal=correo or canal=webhook one channel. Finished deliveries are kept 7 days.',
  })
  @ApiOkResponse({ type: EnviosDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'An unknown `estado` or `canal`, or `pagina`/`limite` out of range.' })
  listar(@Query() query: ListarEnviosQuery): Promise<EnviosDto> {
    return this.envios.listar(query);
  }

  @Post(':envio/reintentar')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Send a failed delivery again (Super Admin)', description: 'Only a delivery in estado fallido; it gets one more try.' })
  @ApiParam({ name: 'envio', format: 'uuid', description: 'The delivery id, as the list gives it' })
  @ApiOkResponse({ type: EnvioReintentadoDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`envio` is not a UUID.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No delivery with this id.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'The delivery has not failed.' })
  reintentar(@Param('envio', idDeEnvio) id: string): Promise<EnvioReintentadoDto> {
    return this.envios.reintentar(id);
  }
}
