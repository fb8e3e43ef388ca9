import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { MailSettings } from '../config/app-config.js';
import { JobsService } from '../jobs/jobs.service.js';
import { CorreoMailer } from './correo-mailer.js';
import { correoDeNotificacion } from './correo-notificacion.js';
import { CorreoNotificacionesRepository } from './correo-notificaciones.repository.js';

export const CORREO_QUEUE = 'correo-notificacion';

interface CorreoJob {
  id_notificacion: number;
}

/**
 * The e-mail channel of notifications. Whoever writes notifications passes their ids here in the
 * same transaction: a job per e-mail is written with them (the outbox), and the job engine sends it
 * later, retrying with backoff, on whichever instance claims it.
 */
@Injectable()
export class CorreoNotificaciones implements OnApplicationBootstrap {
  private readonly logger = new Logger('Correo');
  private readonly mail: MailSettings | null;

  constructor(
    private readonly jobs: JobsService,
    private readonly repository: CorreoNotificacionesRepository,
    private readonly mailer: CorreoMailer,
  ) {
    this.mail = mailer.mail;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.mail) await this.jobs.work<CorreoJob>(CORREO_QUEUE, (job) => this.enviar(job.id_notificacion));
  }

  /**
   * One e-mail job for each of these notifications whose recipient gets its type by e-mail; none when e-mail is off.
   * Never fails the change it follows for want of a job engine: without one here the jobs still go to its
   * tables when they exist (see JobsService.enqueueMany), and what cannot be queued is logged as an error.
   */
  async programar(manager: EntityManager, idsNotificacion: readonly number[]): Promise<void> {
    if (!this.mail || idsNotificacion.length === 0) return;
    const ids = await this.repository.idsPorCorreo(manager, idsNotificacion);
    const queued = await this.jobs.enqueueMany<CorreoJob>(manager, CORREO_QUEUE, ids.map((id_notificacion) => ({ id_notificacion })));
    if (queued < ids.length) this.logger.error(`${ids.length - queued} e-mail(s) of notifications not queued: the job engine is not running`);
  }

  private async enviar(idNotificacion: number): Promise<void> {
    const notificacion = await this.repository.porEnviar(idNotificacion);
    if (!notificacion) return;
    // The same on every try: a receiver that got a try whose success was never recorded drops the repeat.
    const messageId = `<notificacion-${idNotificacion}@${this.mail!.fromDomain}>`;
    await this.mailer.send(correoDeNotificacion(notificacion, notificacion, this.mail!.appBaseUrl, messageId));
  }
}
