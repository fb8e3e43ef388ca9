import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { CurrentEmployee } from '../auth/current-employee.decorator.js';
import { AdminOnly } from '../auth/roles.decorator.js';
import { ApiProtected, ErrorResponseDto } from '../common/openapi-responses.js';
import { ExportacionQuery } from './dto/exportacion.query.js';
import { ExportacionService } from './exportacion.service.js';
import { ApiRegistroDescarga } from './registro-openapi.js';
import { enviarRegistro } from './registro-respuesta.js';

@ApiTags('fichajes')
@ApiProtected()
@Controller('api/fichajes/exportacion')
export class ExportacionController {
  constructor(private readonly exportacion: ExportacionService) {}

  @Get()
  @AdminOnly()
  @ApiOperation({
    summary: "Download every employee's raw register over a period, as CSV or JSON (admin)",
    description:
      'Admins and Super Admins. Every record whose working day (fecha) lies from desde to hasta (at most 366 days, both included), of every employee, active or not: ' +
      'originals and corrections alike, with the employee, their centre, the instant in UTC and on the centre’s clock, and the hash. Streamed in pages, so any size downloads in bounded memory.',
  })
  @ApiRegistroDescarga('The register of the period.')
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion` (naming desde, hasta or formato), `rango_fechas_invalido` (hasta before desde), `rango_demasiado_largo` (over 366 days)' })
  async exportar(@CurrentEmployee() admin: AuthenticatedEmployee, @Query() query: ExportacionQuery, @Res() response: Response): Promise<void> {
    await enviarRegistro(response, await this.exportacion.exportar(admin, query));
  }
}
