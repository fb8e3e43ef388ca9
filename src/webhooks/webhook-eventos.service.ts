import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { JobsService } from '../jobs/jobs.service.js';
import type { DatosEvento, EventoWebhook, TipoEvento } from './eventos-webhook.js';
import { WebhooksRepository } from './webhooks.repository.js';

/** The job engine's queue of webhook deliveries: one job per event and subscribed webhook. */
export const WEBHOOK_QUEUE = 'webhook-entrega';

/** Small on purpose: the event itself, not a reference to data that may change before delivery. */
export interface WebhookJob {
  id_webhook: number;
  evento: EventoWebhook;
}

/**
 * Where events enter. Whoever causes one calls `emitir` in the transaction that makes the change: a
 * delivery job for each subscribed webhook is written with it (the outbox), or none if it rolls back.
 */
@Injectable()
export class WebhookEventos {
  constructor(
    private readonly jobs: JobsService,
    private readonly webhooks: WebhooksRepository,
  ) {}

  /** `datos` may be a function: it is called only when someone is subscribed. */
  async emitir(manager: EntityManager, type: TipoEvento, datos: DatosEvento | (() => Promise<DatosEvento>)): Promise<void> {
    const ids = await this.webhooks.suscritos(manager, type);
    if (ids.length === 0) return;
    const data = typeof datos === 'function' ? await datos() : datos;
    const evento: EventoWebhook = { type, timestamp: new Date().toISOString(), data };
    await this.jobs.enqueueMany<WebhookJob>(manager, WEBHOOK_QUEUE, ids.map((id_webhook) => ({ id_webhook, evento })));
  }
}
