import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { CurrentEmployee } from '../auth/current-employee.decorator.js';
import { ApiProtected } from '../common/openapi-responses.js';
import { EmpleadoActualDto, toEmpleadoActual } from './dto/empleado-actual.dto.js';
import { PerfilDto } from './dto/perfil.dto.js';
import { EmpleadosService } from './empleados.service.js';

@ApiTags('empleados')
@ApiProtected()
@Controller('api/empleados')
export class EmpleadosController {
  constructor(private readonly empleados: EmpleadosService) {}

  @Get('me')
  @ApiOperation({
    summary: 'The authenticated employee',
    description: "The employee whose `idp_oid` is the token's `oid`, with their role: what a client asks first after signing in, to know what to show.",
  })
  @ApiOkResponse({ type: EmpleadoActualDto })
  me(@CurrentEmployee() employee: AuthenticatedEmployee): EmpleadoActualDto {
    return toEmpleadoActual(employee);
  }

  @Get('me/perfil')
  @ApiOperation({
    summary: "The caller's profile and pending profile update",
    description: "The caller's contact fields (telefono, direccion, img_perfil) and, while an admin has not decided it, the change they proposed with POST /api/solicitudes/actualizacion-perfil.",
  })
  @ApiOkResponse({ type: PerfilDto })
  perfil(@CurrentEmployee() employee: AuthenticatedEmployee): Promise<PerfilDto> {
    return this.empleados.perfil(employee.id_empleado);
  }
}
