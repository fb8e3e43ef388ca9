import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module.js';
import { WebhookEntregas } from './webhook-entregas.service.js';
import { WebhookEventos } from './webhook-eventos.service.js';
import { WebhooksController } from './webhooks.controller.js';
import { WebhooksRepository } from './webhooks.repository.js';
import { WebhooksService } from './webhooks.service.js';

/** Signed webhooks through the job engine; below every feature that emits events. */
@Module({
  imports: [JobsModule],
  controllers: [WebhooksController],
  providers: [WebhooksRepository, WebhooksService, WebhookEventos, WebhookEntregas],
  exports: [WebhookEventos],
})
export class WebhooksModule {}
