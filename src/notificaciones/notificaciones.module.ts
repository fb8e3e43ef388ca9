import { Module } from '@nestjs/common';
import { NotificacionesRepository } from './notificaciones.repository.js';

@Module({
  providers: [NotificacionesRepository],
  exports: [NotificacionesRepository],
})
export class NotificacionesModule {}
