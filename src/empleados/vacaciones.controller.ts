import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { CurrentEmployee } from '../auth/current-employee.decorator.js';
import { ApiProtected } from '../common/openapi-responses.js';
import { SaldoVacacionesResponseDto } from './dto/saldo-vacaciones.dto.js';
import { VacacionesService } from './vacaciones.service.js';

@ApiTags('empleados')
@ApiProtected()
@Controller('api/empleados')
export class VacacionesController {
  constructor(private readonly vacaciones: VacacionesService) {}

  @Get('me/vacaciones')
  @ApiOperation({
    summary: "The caller's vacation balance, per year",
    description: 'Any active employee, about themselves: the totals and, per allocation year, the days allocated, used, pending approval and still available, and the last day a carry-over can be used (VACACIONES_CADUCIDAD).',
  })
  @ApiOkResponse({ type: SaldoVacacionesResponseDto })
  async saldo(@CurrentEmployee() employee: AuthenticatedEmployee): Promise<SaldoVacacionesResponseDto> {
    return { success: true, data: await this.vacaciones.saldo(employee.id_empleado) };
  }
}
