import { Module } from '@nestjs/common';
import { NotificacionesModule } from '../notificaciones/notificaciones.module.js';
import { ArchivosModule } from '../uploads/archivos.module.js';
import { UploadsModule } from '../uploads/uploads.module.js';
import { DocumentosController } from './documentos.controller.js';
import { DocumentosRepository } from './documentos.repository.js';
import { DocumentosService } from './documentos.service.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';

@Module({
  imports: [NotificacionesModule, ArchivosModule, UploadsModule, WebhooksModule],
  controllers: [DocumentosController],
  providers: [DocumentosRepository, DocumentosService],
  exports: [DocumentosService],
})
export class DocumentosModule {}
