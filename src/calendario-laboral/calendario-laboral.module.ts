import { Module } from '@nestjs/common';
import { CalendarioLaboralRepository } from './calendario-laboral.repository.js';

/** Below the features that count working time: requests, balances and the holiday list ask it. */
@Module({
  providers: [CalendarioLaboralRepository],
  exports: [CalendarioLaboralRepository],
})
export class CalendarioLaboralModule {}
