import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Controller, Get, Logger, Query, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Roles } from '../auth/roles.decorator.js';
import { RolId } from '../catalogs/rol.entity.js';
import { ApiProtected, ErrorResponseDto } from '../common/openapi-responses.js';
import { type FormatoResumenEmpresa, ResumenEmpresaQuery } from './dto/resumen-empresa.query.js';
import { ResumenEmpresaResponseDto } from './dto/resumen-empresa.response.js';
import { resumenEmpresaCsv, resumenEmpresaJson } from './resumen-empresa.formatos.js';
import { LOTE_RESUMEN_EMPRESA, ResumenEmpresaService } from './resumen-empresa.service.js';

@ApiTags('fichajes')
@ApiProtected()
@Controller('api/fichajes')
export class ResumenEmpresaController {
  private readonly logger = new Logger(ResumenEmpresaController.name);

  constructor(private readonly resumenes: ResumenEmpresaService) {}

  @Get('resumen-empresa')
  @Roles(RolId.Representante, RolId.Administrador, RolId.SuperAdministrador)
  @ApiOperation({
    summary: "The company's monthly totals with employees pseudonymised (workers' representatives, Admins)",
    description:
      'Representantes, Admins and Super Admins (Estatuto de los Trabajadores art. 34.9: the register is available to the workers’ legal representatives). ' +
      'Every employee employed some day of mes (fecha_alta to fecha_baja), by codigo: a random pseudonym, the same every month, shown nowhere else. ' +
      'No names, e-mails, ids, centres or departments, no records and no days: minutes worked, expected, ordinary, overtime (full-timers) or complementary (part-timers) and short, days worked and left incompleto, counted as GET /api/fichajes counts them over the days employed. ' +
      `All employees in one answer, streamed as they are counted (${LOTE_RESUMEN_EMPRESA} at a time, so memory stays bounded); totales come last. ` +
      'formato=csv, or Accept: text/csv, gives a CSV file (RFC 4180, a header line, one line per employee, no totals line).',
  })
  @ApiExtraModels(ResumenEmpresaResponseDto)
  @ApiOkResponse({
    description: 'The month’s rows and totals; as CSV: `Content-Disposition: attachment; filename="resumen-empresa-YYYY-MM.csv"`',
    content: {
      'application/json': { schema: { $ref: getSchemaPath(ResumenEmpresaResponseDto) } },
      'text/csv': { schema: { type: 'string', example: 'codigo,tiempo_parcial,minutos_trabajados,...\r\nR-7KQ2M4XA,false,9620,...\r\n' } },
    },
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion` naming mes (not YYYY-MM) or formato (not json or csv)' })
  async resumen(@Query() query: ResumenEmpresaQuery, @Req() request: Request, @Res() response: Response): Promise<void> {
    const formato: FormatoResumenEmpresa = query.formato ?? (request.accepts(['application/json', 'text/csv']) === 'text/csv' ? 'csv' : 'json');
    const resumen = await this.resumenes.resumen(query.mes);
    if (formato === 'csv') {
      response.setHeader('Content-Type', 'text/csv; charset=utf-8');
      response.setHeader('Content-Disposition', `attachment; filename="resumen-empresa-${resumen.mes}.csv"`);
    } else {
      response.setHeader('Content-Type', 'application/json; charset=utf-8');
    }
    try {
      await pipeline(Readable.from(formato === 'csv' ? resumenEmpresaCsv(resumen) : resumenEmpresaJson(resumen)), response);
    } catch (error) {
      // The status is sent: the answer can only be cut short (pipeline destroyed it), never turned into an error body.
      this.logger.error(`resumen-empresa ${resumen.mes} stopped: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
