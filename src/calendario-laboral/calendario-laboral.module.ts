import { Module } from '@nestjs/common';
import { CalendarioLaboralRepository } from './calendario-laboral.repository.js';
import { CalendarioLaboralService } from './calendario-laboral.service.js';
import { CambiosDeCalendario } from './cambios-de-calendario.js';

/** Below the features that count working time: requests, balances, the holiday list and schedules ask it. */
@Module({
  providers: [CalendarioLaboralRepository, CalendarioLaboralService, CambiosDeCalendario],
  exports: [CalendarioLaboralRepository, CalendarioLaboralService, CambiosDeCalendario],
})
export class CalendarioLaboralModule {}
