import { Module } from '@nestjs/common';
import { CorreoModule } from '../correo/correo.module.js';
import { NotificacionesController } from './notificaciones.controller.js';
import { NotificacionesRepository } from './notificaciones.repository.js';
import { NotificacionesService } from './notificaciones.service.js';
import { PreferenciasController } from './preferencias/preferencias.controller.js';
import { PreferenciasRepository } from './preferencias/preferencias.repository.js';
import { PreferenciasService } from './preferencias/preferencias.service.js';

@Module({
  imports: [CorreoModule],
  controllers: [PreferenciasController, NotificacionesController],
  providers: [NotificacionesRepository, NotificacionesService, PreferenciasRepository, PreferenciasService],
  exports: [NotificacionesRepository],
})
export class NotificacionesModule {}
