import { Module } from '@nestjs/common';
import { CorreoModule } from '../correo/correo.module.js';
import { ScheduleModule } from '@nestjs/schedule';
import { AprobacionesModule } from '../aprobaciones/aprobaciones.module.js';
import { ComunicadosModule } from '../comunicados/comunicados.module.js';
import { FichajesModule } from '../fichajes/fichajes.module.js';
import { UploadsModule } from '../uploads/uploads.module.js';
import { RecordatoriosRepository } from './recordatorios.repository.js';
import { RecordatoriosService } from './recordatorios.service.js';
import { ScheduledTasks } from './scheduled-tasks.js';

@Module({
  imports: [CorreoModule, ScheduleModule.forRoot(), AprobacionesModule, ComunicadosModule, FichajesModule, UploadsModule],
  providers: [RecordatoriosRepository, RecordatoriosService, ScheduledTasks],
})
export class RecordatoriosModule {}
