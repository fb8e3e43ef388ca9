import { Module } from '@nestjs/common';
import { CalendarioLaboralModule } from '../calendario-laboral/calendario-laboral.module.js';
import { CentrosTrabajoController } from './centros-trabajo.controller.js';
import { CentrosTrabajoRepository } from './centros-trabajo.repository.js';
import { CentrosTrabajoService } from './centros-trabajo.service.js';

@Module({
  imports: [CalendarioLaboralModule],
  controllers: [CentrosTrabajoController],
  providers: [CentrosTrabajoRepository, CentrosTrabajoService],
})
export class CentrosTrabajoModule {}
