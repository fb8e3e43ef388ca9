import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Webhook as Firmante } from 'standardwebhooks';
import { APP_CONFIG, type AppConfig, type WebhookSettings } from '../config/app-config.js';
import { type JobAttempt, JobsService } from '../jobs/jobs.service.js';
import { cuerpoWebhook } from './cuerpo-webhook.js';
import { DestinoNoPermitido, resolverDestino } from './destino-webhook.js';
import { enviarPeticion } from './peticion-webhook.js';
import { WEBHOOK_QUEUE, type WebhookJob } from './webhook-eventos.service.js';
import { WebhooksRepository } from './webhooks.repository.js';

const USER_AGENT = 'ess-api-webhooks/1';

/**
 * Sends webhook jobs: signed per Standard Webhooks, to the address checked just before connecting.
 * A 2xx answer delivers; anything else fails the try and the job engine retries it with backoff.
 */
@Injectable()
export class WebhookEntregas implements OnApplicationBootstrap {
  private readonly settings: WebhookSettings;

  constructor(
    private readonly jobs: JobsService,
    private readonly webhooks: WebhooksRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.settings = config.webhooks;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.work<WebhookJob>(WEBHOOK_QUEUE, (job, attempt) => this.entregar(job, attempt));
  }

  async entregar(job: WebhookJob, attempt: JobAttempt): Promise<void> {
    // Deleted since: the event is no longer anyone's to receive.
    const webhook = await this.webhooks.porEntregar(job.id_webhook);
    if (!webhook) return;
    const url = new URL(webhook.url);
    if (url.protocol !== 'https:' && !this.settings.allowHttp) throw new DestinoNoPermitido('The webhook URL is not https');
    const destino = await resolverDestino(url, this.settings.allowPrivateTargets);
    const body = cuerpoWebhook(webhook.formato, job.evento, this.settings.appBaseUrl);
    // The job's id: every try of this delivery carries the same one, so a receiver drops a repeat.
    const id = `msg_${attempt.id}`;
    const ahora = new Date();
    const headers = {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(ahora.getTime() / 1000)),
      'webhook-signature': new Firmante(webhook.secreto).sign(id, ahora, body),
    };
    const status = await enviarPeticion(url, destino, headers, body);
    if (status < 200 || status > 299) throw new Error(`The receiver answered HTTP ${status}`);
  }
}
