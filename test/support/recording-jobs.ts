import { Injectable, Module, type OnApplicationBootstrap, type Type } from '@nestjs/common';
import { JobsModule } from '../../src/jobs/jobs.module.js';
import { type JobAttempt, JobsService } from '../../src/jobs/jobs.service.js';

export interface PruebaJob {
  clave: string;
  /** How many attempts fail before one succeeds. */
  fallos?: number;
}

export interface HandledJob extends JobAttempt {
  clave: string;
  /** Whether this attempt succeeded. */
  ok: boolean;
}

/**
 * A module whose handler for `queue` records every attempt in `attempts` (the test's own list) and
 * fails the first `fallos` attempts of each job.
 */
export function recordingJobsModule(queue: string, attempts: HandledJob[]): Type {
  @Injectable()
  class RecordingHandler implements OnApplicationBootstrap {
    constructor(private readonly jobs: JobsService) {}

    onApplicationBootstrap(): Promise<void> {
      return this.jobs.work<PruebaJob>(queue, async ({ clave, fallos = 0 }, attempt) => {
        const ok = attempt.retryCount >= fallos;
        attempts.push({ clave, ok, ...attempt });
        if (!ok) throw new Error(`attempt ${attempt.retryCount} of ${clave} fails on purpose`);
      });
    }
  }

  @Module({ imports: [JobsModule], providers: [RecordingHandler] })
  class RecordingJobsModule {}
  return RecordingJobsModule;
}
