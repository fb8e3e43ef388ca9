import { Module } from '@nestjs/common';
import { NotificacionesModule } from '../notificaciones/notificaciones.module.js';
import { DocumentosController } from './documentos.controller.js';
import { DocumentosRepository } from './documentos.repository.js';
import { DocumentosService } from './documentos.service.js';

@Module({
  imports: [NotificacionesModule],
  controllers: [DocumentosController],
  providers: [DocumentosRepository, DocumentosService],
})
export class DocumentosModule {}
