import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedEmployee } from '../../auth/authenticated.js';
import { CurrentEmployee } from '../../auth/current-employee.decorator.js';
import { ApiProtected, ErrorResponseDto } from '../../common/openapi-responses.js';
import { CambiarPreferenciasDto, PreferenciasDto } from './preferencias.dto.js';
import { PreferenciasService } from './preferencias.service.js';

@ApiTags('notificaciones')
@ApiProtected()
@Controller('api/notificaciones/preferencias')
export class PreferenciasController {
  constructor(private readonly preferencias: PreferenciasService) {}

  @Get()
  @ApiOperation({
    summary: "The caller's notification settings: in-app always, e-mail per type",
    description: 'Every notification type, with whether it is also e-mailed to the caller and whether that is still the default.',
  })
  @ApiOkResponse({ type: PreferenciasDto })
  listar(@CurrentEmployee() employee: AuthenticatedEmployee): Promise<PreferenciasDto> {
    return this.preferencias.listar(employee.id_empleado);
  }

  @Put()
  @ApiOperation({
    summary: 'Turn e-mail on or off for some notification types, or the daily digest (the caller’s own settings)',
    description:
      'Body: `preferencias`, `resumen_diario`, or both. Types left out keep their setting; a type named twice takes its last value. Answers every type, as GET does.',
  })
  @ApiOkResponse({ type: PreferenciasDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '`preferencias` missing (without `resumen_diario`), empty or longer than the number of types, an unknown `tipo`, `correo` or `resumen_diario` not a boolean.' })
  cambiar(@CurrentEmployee() employee: AuthenticatedEmployee, @Body() body: CambiarPreferenciasDto): Promise<PreferenciasDto> {
    return this.preferencias.cambiar(employee.id_empleado, body);
  }
}
