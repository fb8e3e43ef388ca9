import { Module } from '@nestjs/common';
import { ComunicadosController } from './comunicados.controller.js';
import { ComunicadosPublisher } from './comunicados-publisher.service.js';
import { ComunicadosRepository } from './comunicados.repository.js';
import { ComunicadosService } from './comunicados.service.js';

@Module({
  controllers: [ComunicadosController],
  providers: [ComunicadosRepository, ComunicadosPublisher, ComunicadosService],
  exports: [ComunicadosPublisher],
})
export class ComunicadosModule {}
