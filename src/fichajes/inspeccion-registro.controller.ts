import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../auth/public.decorator.js';
import { ErrorResponseDto } from '../common/openapi-responses.js';
import { RegistroInspeccionQuery } from './dto/inspeccion.query.js';
import { InspeccionRegistroService } from './inspeccion-registro.service.js';
import { ApiRegistroDescarga } from './registro-openapi.js';
import { enviarRegistro } from './registro-respuesta.js';

@ApiTags('fichajes')
@Controller('api/inspeccion/registro')
export class InspeccionRegistroController {
  constructor(private readonly registro: InspeccionRegistroService) {}

  @Get()
  @Public()
  @ApiOperation({
    summary: "The register of an Inspectorate's access, as CSV or JSON (no bearer token: the key is the credential)",
    description:
      'The URL POST /api/fichajes/accesos-inspeccion showed once. Every record dated in the access’s period, of every employee, originals and corrections alike. ' +
      'Each use is logged (time, client address, formato, User-Agent) before the download starts. Rate-limited per client address like every public route.',
    security: [],
  })
  @ApiRegistroDescarga("The register of the access's period.")
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion`: clave missing or not text, formato not csv or json' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: '`acceso_no_encontrado`: an unknown, revoked or expired key, alike' })
  async descargar(@Query() query: RegistroInspeccionQuery, @Req() request: Request, @Res() response: Response): Promise<void> {
    const descarga = await this.registro.abrir({
      clave: query.clave,
      formato: query.formato,
      direccion: request.ip ?? request.socket.remoteAddress ?? 'desconocida',
      agenteUsuario: request.headers['user-agent'],
    });
    await enviarRegistro(response, descarga);
  }
}
