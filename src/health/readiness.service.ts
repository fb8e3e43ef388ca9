import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import { type HealthCheckResult, HealthCheckService, type HealthIndicatorFunction } from '@nestjs/terminus';
import { DatabaseHealthIndicator } from './database.health.js';
import { JobsHealthIndicator } from './jobs.health.js';
import { ReadinessLog } from './readiness-log.js';
import { RedisHealthIndicator } from './redis.health.js';
import { SigningKeysHealthIndicator } from './signing-keys.health.js';
import { StorageHealthIndicator } from './storage.health.js';

/** Every component a request may need, checked together; terminus' answer, whatever the outcome. */
@Injectable()
export class ReadinessService {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: DatabaseHealthIndicator,
    private readonly storage: StorageHealthIndicator,
    private readonly redis: RedisHealthIndicator,
    private readonly signingKeys: SigningKeysHealthIndicator,
    private readonly jobs: JobsHealthIndicator,
    private readonly log: ReadinessLog,
  ) {}

  async check(): Promise<HealthCheckResult> {
    const indicators: HealthIndicatorFunction[] = [
      () => this.database.ping(),
      () => this.storage.check(),
      ...(this.redis.configured ? [() => this.redis.check()] : []),
      () => this.signingKeys.check(),
      () => this.jobs.check(),
    ];
    const result = await this.health.check(indicators).catch((error: unknown) => {
      // terminus throws its answer as a 503; it is the answer here too, not an error to log with a stack.
      if (error instanceof ServiceUnavailableException) return error.getResponse() as HealthCheckResult;
      throw error;
    });
    this.log.record(result.details);
    return result;
  }
}

export function isReady(result: HealthCheckResult): boolean {
  return result.status === 'ok' || result.status === 'degraded';
}
