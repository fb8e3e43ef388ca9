import { Module } from '@nestjs/common';
import { CalendarioLaboralRepository } from './calendario-laboral.repository.js';
import { CalendarioLaboralService } from './calendario-laboral.service.js';

/** Below the features that count working time: requests, balances, the holiday list and schedules ask it. */
@Module({
  providers: [CalendarioLaboralRepository, CalendarioLaboralService],
  exports: [CalendarioLaboralRepository, CalendarioLaboralService],
})
export class CalendarioLaboralModule {}
