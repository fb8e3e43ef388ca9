import { Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { JobsService } from '../jobs/jobs.service.js';
import { ESTADOS } from './component-state.js';

/** The job engine: `down` when it did not start (nothing enqueued in a request's transaction could be sent), with the reason. */
@Injectable()
export class JobsHealthIndicator {
  constructor(
    private readonly indicators: HealthIndicatorService,
    private readonly jobs: JobsService,
  ) {}

  check() {
    const { started, failure } = this.jobs.status();
    const session = this.indicators.check('jobs');
    if (started) return session.up({ estado: ESTADOS.up });
    return session.down({ estado: ESTADOS.down, motivo: failure ?? 'the job engine is not running' });
  }
}
