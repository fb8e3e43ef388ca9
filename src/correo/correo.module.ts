import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module.js';
import { CorreoMailer } from './correo-mailer.js';
import { CorreoNotificaciones } from './correo-notificaciones.service.js';
import { CorreoNotificacionesRepository } from './correo-notificaciones.repository.js';

/** Notifications by e-mail, through the job engine; below every feature that notifies. */
@Module({
  imports: [JobsModule],
  providers: [CorreoMailer, CorreoNotificaciones, CorreoNotificacionesRepository],
  exports: [CorreoNotificaciones, CorreoMailer],
})
export class CorreoModule {}
