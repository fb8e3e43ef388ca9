import { Module } from '@nestjs/common';
import { StorageModule } from '../uploads/storage/storage.module.js';
import { DatosPersonalesController } from './datos-personales.controller.js';
import { DatosPersonalesService } from './datos-personales.service.js';

/** The export of an employee's personal data (GDPR art. 15 and 20). */
@Module({
  imports: [StorageModule],
  controllers: [DatosPersonalesController],
  providers: [DatosPersonalesService],
})
export class DatosPersonalesModule {}
