import { Module } from '@nestjs/common';
import { CorreoModule } from '../correo/correo.module.js';
import { ArchivosModule } from '../uploads/archivos.module.js';
import { ComunicadosController } from './comunicados.controller.js';
import { ComunicadosPublisher } from './comunicados-publisher.service.js';
import { ComunicadosRepository } from './comunicados.repository.js';
import { ComunicadosService } from './comunicados.service.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';

@Module({
  imports: [CorreoModule, ArchivosModule, WebhooksModule],
  controllers: [ComunicadosController],
  providers: [ComunicadosRepository, ComunicadosPublisher, ComunicadosService],
  exports: [ComunicadosPublisher, ComunicadosService],
})
export class ComunicadosModule {}
