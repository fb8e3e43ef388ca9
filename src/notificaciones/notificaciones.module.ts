import { Module } from '@nestjs/common';
import { NotificacionesController } from './notificaciones.controller.js';
import { NotificacionesRepository } from './notificaciones.repository.js';
import { NotificacionesService } from './notificaciones.service.js';

@Module({
  controllers: [NotificacionesController],
  providers: [NotificacionesRepository, NotificacionesService],
  exports: [NotificacionesRepository],
})
export class NotificacionesModule {}
