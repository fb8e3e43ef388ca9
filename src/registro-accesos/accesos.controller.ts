import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { CurrentEmployee } from '../auth/current-employee.decorator.js';
import { ApiProtected, ErrorResponseDto } from '../common/openapi-responses.js';
import { Pagination20QueryDto } from '../common/pagination-20.query.js';
import { AccesosPageDto } from './dto/acceso.response.js';
import { AccesosService } from './accesos.service.js';

@ApiTags('empleados')
@ApiProtected()
@Controller('api/empleados')
export class AccesosController {
  constructor(private readonly accesos: AccesosService) {}

  @Get('me/accesos')
  @ApiOperation({
    summary: 'Who read the caller’s personal data: each read by an Admin, manager or delegate, newest first',
    description:
      'Any employee, their own. Paged by pagina and limite (20 by default). One entry per read of the caller’s request, document, file, time register or employee record by someone else: ' +
      'who, what, when and from which address. Reads of one’s own data are not listed. Entries are kept RETENCION_ACCESOS_ANIOS years (2 by default).',
  })
  @ApiOkResponse({ type: AccesosPageDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`validacion`: pagina or limite out of range.' })
  mios(@CurrentEmployee() caller: AuthenticatedEmployee, @Query() query: Pagination20QueryDto): Promise<AccesosPageDto> {
    return this.accesos.deTitular(caller.id_empleado, query);
  }
}
