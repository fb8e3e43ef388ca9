import { Controller, Get, Query, Req, Res, StreamableFile } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiExtraModels,
  ApiForbiddenResponse,
  ApiNotAcceptableResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { CurrentEmployee } from '../auth/current-employee.decorator.js';
import { ApiProtected, AuthErrorDto, ErrorResponseDto } from '../common/openapi-responses.js';
import { ResumenQuery } from './dto/resumen.query.js';
import { ResumenResponseDto, toResumen } from './dto/resumen.response.js';
import { resumenCsv } from './resumen-csv.js';
import { formatoPedido, TIPOS_RESUMEN } from './resumen-formato.js';
import { resumenPdf } from './resumen-pdf.js';
import { nombreDeArchivo } from './resumen-texto.js';
import { ResumenService } from './resumen.service.js';

@ApiTags('fichajes')
@ApiProtected()
@Controller('api/fichajes/resumen')
export class ResumenController {
  constructor(private readonly resumenes: ResumenService) {}

  @Get()
  @ApiOperation({
    summary: "An employee's month of the register: daily rows and monthly totals, as JSON, CSV or PDF",
    description:
      'Own by default; with id_empleado, an Admin reads anyone’s and a manager their reports’ (directly, or as the delegate today of their manager), as GET /api/fichajes. ' +
      'One row per day the employee was employed in the month (fecha_alta to fecha_baja); the totals split the minutes worked into ordinary ones and those beyond each day’s schedule: ' +
      'overtime for a full-timer, complementary hours for a part-timer (ET art. 12.4.c, 12.5, 35). The current month runs to now; a later month is refused. ' +
      'formato wins over the Accept header: text/csv gives a `;`-separated UTF-8 CSV with a BOM (times HH:MM in the centre’s zone, durations H:MM), application/pdf an A4 document; ' +
      'both as an attachment named registro-jornada-<id>-<YYYY-MM>.csv|pdf. Every answer carries `Cache-Control: no-store`.',
  })
  // The 200's own content map, not @ApiProduces: that would declare every error in CSV and PDF too, and errors are JSON.
  @ApiExtraModels(ResumenResponseDto)
  @ApiOkResponse({
    description: 'The summary in the negotiated format',
    content: {
      [TIPOS_RESUMEN.json]: { schema: { $ref: getSchemaPath(ResumenResponseDto) } },
      [TIPOS_RESUMEN.csv]: { schema: { type: 'string', description: 'UTF-8 with a BOM, `;`-separated, CRLF' } },
      [TIPOS_RESUMEN.pdf]: { schema: { type: 'string', format: 'binary' } },
    },
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion` (naming mes, id_empleado or formato), `mes_futuro` (a month after the current one, naming mes)' })
  @ApiForbiddenResponse({ type: AuthErrorDto, description: 'No active employee has the `oid`; or, to a non-Admin, id_empleado of someone neither the caller nor their report (the role refusal’s body).' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: '`empleado_no_encontrado`' })
  @ApiNotAcceptableResponse({ type: ErrorResponseDto, description: '`formato_no_aceptable`: without formato, the Accept header admits none of JSON, CSV and PDF' })
  async resumen(
    @CurrentEmployee() caller: AuthenticatedEmployee,
    @Query() query: ResumenQuery,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ResumenResponseDto | StreamableFile> {
    response.vary('Accept');
    const formato = formatoPedido(query.formato, request);
    const { resumen, zonaHoraria } = await this.resumenes.resumen(caller, query);
    if (formato === 'json') return { success: true, data: toResumen(resumen) };
    const disposition = `attachment; filename="${nombreDeArchivo(resumen, formato)}"`;
    if (formato === 'csv') return new StreamableFile(Buffer.from(resumenCsv(resumen, zonaHoraria), 'utf8'), { type: `${TIPOS_RESUMEN.csv}; charset=utf-8`, disposition });
    return new StreamableFile(resumenPdf(resumen, zonaHoraria, new Date()), { type: TIPOS_RESUMEN.pdf, disposition });
  }
}
