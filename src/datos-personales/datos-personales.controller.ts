import { applyDecorators, Controller, Get, Head, Param, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { CurrentEmployee } from '../auth/current-employee.decorator.js';
import { AdminOnly } from '../auth/roles.decorator.js';
import { ApiProtected, ErrorResponseDto } from '../common/openapi-responses.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { DatosPersonalesService } from './datos-personales.service.js';
import { cabecerasDeZip, enviarZip } from './enviar-zip.js';

const CONTENIDO =
  'A ZIP with LEEME.txt (a Spanish README describing every file), one JSON file per kind of data (profile and its history, role, manager, schedules, delegations, ' +
  'vacation balances and deductions, requests with their history and profile updates, notifications and preferences, documents, time records and corrections, ' +
  'whether a calendar feed exists — never its key —, and who read the data), and the stored files (documents, attachments, profile pictures) under archivos/. ' +
  'Read in one consistent snapshot and streamed in pages, so any size downloads in bounded memory. ' +
  "One export of the same employee's data at a time, and DATOS_EXPORTACIONES_POR_DIA (5) per rolling 24 hours, own and admin exports together; each is recorded in the privacy registry.";

function ApiExportacionDeDatos() {
  return applyDecorators(
    ApiOkResponse({
      description: 'The ZIP, as an attachment named mis-datos-<id_empleado>-<YYYY-MM-DD>.zip; an error once it has begun cuts the connection.',
      content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
    }),
    ApiTooManyRequestsResponse({
      type: ErrorResponseDto,
      description: '`exportacion_en_curso`: an export of the same data is in progress; `limite_exportaciones_superado`: already exported DATOS_EXPORTACIONES_POR_DIA (5) times in the last 24 hours. `Retry-After` says when to try again.',
    }),
  );
}

/** Registered after EmpleadosModule: `me/datos` comes before `:id/datos` here, and no `:id` route there ends in `datos`. */
@ApiTags('empleados')
@ApiProtected()
@Controller('api/empleados')
export class DatosPersonalesController {
  constructor(private readonly datos: DatosPersonalesService) {}

  // HEAD before GET: Express answers HEAD with the first route of the path that takes it, and a GET route
  // would run a whole export for headers only. Not in the OpenAPI document: HTTP's, answered as the GET.
  @Head('me/datos')
  @ApiExcludeEndpoint()
  async cabecerasPropias(@CurrentEmployee() caller: AuthenticatedEmployee, @Res() response: Response): Promise<void> {
    cabecerasDeZip(response, await this.datos.comprobar(caller.id_empleado, response));
    response.end();
  }

  @Head(':id/datos')
  @AdminOnly()
  @ApiExcludeEndpoint()
  async cabecerasDeEmpleado(@Param('id', ParseIdPipe) id: number, @Res() response: Response): Promise<void> {
    cabecerasDeZip(response, await this.datos.comprobar(id, response));
    response.end();
  }

  @Get('me/datos')
  @ApiOperation({ summary: 'Download all the data held about the caller (GDPR art. 15 and 20)', description: `Every role. ${CONTENIDO}` })
  @ApiExportacionDeDatos()
  async propios(@CurrentEmployee() caller: AuthenticatedEmployee, @Res() response: Response): Promise<void> {
    await enviarZip(response, await this.datos.exportar(caller, caller.id_empleado, response));
  }

  @Get(':id/datos')
  @AdminOnly()
  @ApiOperation({
    summary: 'Download all the data held about an employee (admin)',
    description: `Admins and Super Admins, to answer an employee's access or portability request; the read is recorded in the employee's access log. ${CONTENIDO}`,
  })
  @ApiParam({ name: 'id', description: 'id_empleado' })
  @ApiExportacionDeDatos()
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: '`empleado_no_encontrado`' })
  async deEmpleado(@CurrentEmployee() caller: AuthenticatedEmployee, @Param('id', ParseIdPipe) id: number, @Res() response: Response): Promise<void> {
    await enviarZip(response, await this.datos.exportar(caller, id, response));
  }
}
