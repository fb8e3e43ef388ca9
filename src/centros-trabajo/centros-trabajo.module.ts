import { Module } from '@nestjs/common';
import { CentrosTrabajoController } from './centros-trabajo.controller.js';
import { CentrosTrabajoRepository } from './centros-trabajo.repository.js';
import { CentrosTrabajoService } from './centros-trabajo.service.js';

@Module({
  controllers: [CentrosTrabajoController],
  providers: [CentrosTrabajoRepository, CentrosTrabajoService],
})
export class CentrosTrabajoModule {}
