import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, type MailSettings } from '../config/app-config.js';
import { GraphMailer } from './graph-mailer.js';
import type { Mailer, MensajeCorreo } from './mensaje-correo.js';
import { SmtpMailer } from './smtp-mailer.js';

function mailerFor(mail: MailSettings): Mailer {
  const { transport } = mail;
  return transport.kind === 'smtp' ? new SmtpMailer(transport.smtpUrl, mail.from) : new GraphMailer(transport.graph, mail.fromAddress);
}

/** The configured transport (MAIL_TRANSPORT), shared by everything that sends e-mail; null settings when none. */
@Injectable()
export class CorreoMailer implements OnApplicationShutdown {
  readonly mail: MailSettings | null;
  private readonly transport: Mailer | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.mail = config.mail;
    this.transport = config.mail ? mailerFor(config.mail) : null;
  }

  send(mensaje: MensajeCorreo): Promise<void> {
    if (!this.transport) throw new Error('E-mail is off (MAIL_TRANSPORT unset)');
    return this.transport.send(mensaje);
  }

  /**
   * After every module's onModuleDestroy, so after the job engine stopped (JobsService.onModuleDestroy
   * waits for the handlers it runs): a send it was finishing keeps its transport to the end.
   */
  onApplicationShutdown(): void {
    this.transport?.close();
  }
}
