import { Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { withTimeout } from '../common/with-timeout.js';
import { JobsService, type QueueBacklog } from '../jobs/jobs.service.js';
import { ESTADOS } from './component-state.js';

const BACKLOG_TIMEOUT_MS = 2000;

/** What the outbox holds back: jobs not yet done, and the age of the oldest, in all and per queue. */
function backlogDetails(backlog: readonly QueueBacklog[]) {
  return {
    pendientes: backlog.reduce((sum, queue) => sum + queue.pending, 0),
    antiguedad_pendiente_segundos: backlog.reduce((oldest, queue) => Math.max(oldest, queue.oldestAgeSeconds), 0),
    colas: Object.fromEntries(backlog.map((queue) => [queue.queue, { pendientes: queue.pending, antiguedad_pendiente_segundos: queue.oldestAgeSeconds }])),
  };
}

/**
 * The job engine: `down` when it did not start (nothing enqueued in a request's transaction could be sent),
 * with the reason; while it runs, its backlog. A backlog that cannot be read leaves the engine up: the
 * database component says why.
 */
@Injectable()
export class JobsHealthIndicator {
  constructor(
    private readonly indicators: HealthIndicatorService,
    private readonly jobs: JobsService,
  ) {}

  async check() {
    const { started, failure } = this.jobs.status();
    const session = this.indicators.check('jobs');
    if (!started) return session.down({ estado: ESTADOS.down, motivo: failure ?? 'the job engine is not running' });
    const backlog = await this.readBacklog();
    return session.up({ estado: ESTADOS.up, ...(backlog ? backlogDetails(backlog) : {}) });
  }

  private async readBacklog(): Promise<QueueBacklog[] | null> {
    try {
      return await withTimeout(this.jobs.backlog(), BACKLOG_TIMEOUT_MS, () => null);
    } catch {
      return null;
    }
  }
}
