import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { CurrentEmployee } from '../auth/current-employee.decorator.js';
import { ApiProtected } from '../common/openapi-responses.js';
import { EmpleadoActualDto, toEmpleadoActual } from './dto/empleado-actual.dto.js';

@ApiTags('empleados')
@ApiProtected()
@Controller('api/empleados')
export class EmpleadosController {
  @Get('me')
  @ApiOperation({ summary: 'El empleado autenticado' })
  @ApiOkResponse({ type: EmpleadoActualDto })
  me(@CurrentEmployee() employee: AuthenticatedEmployee): EmpleadoActualDto {
    return toEmpleadoActual(employee);
  }
}
