import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module.js';
import { CorreoMailer } from './correo-mailer.js';
import { CorreoNotificaciones } from './correo-notificaciones.service.js';
import { CorreoNotificacionesRepository } from './correo-notificaciones.repository.js';
import { EnviosController } from './envios/envios.controller.js';
import { EnviosRepository } from './envios/envios.repository.js';
import { EnviosService } from './envios/envios.service.js';

/** Notifications by e-mail, through the job engine; below every feature that notifies. */
@Module({
  imports: [JobsModule],
  controllers: [EnviosController],
  providers: [CorreoMailer, CorreoNotificaciones, CorreoNotificacionesRepository, EnviosRepository, EnviosService],
  exports: [CorreoNotificaciones, CorreoMailer],
})
export class CorreoModule {}
