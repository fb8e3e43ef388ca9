import { Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { DataSource } from 'typeorm';
import { checkComponent } from './component-state.js';

const PING_TIMEOUT_MS = 1500;

/**
 * `SELECT 1` with a deadline. Terminus' own TypeOrmHealthIndicator finds its peers through
 * `import.meta.resolve`, which Jest 29 does not provide, so the app could not boot under test.
 */
@Injectable()
export class DatabaseHealthIndicator {
  constructor(
    private readonly indicators: HealthIndicatorService,
    private readonly dataSource: DataSource,
  ) {}

  ping() {
    return checkComponent(this.indicators, 'database', { attempt: () => this.dataSource.query('SELECT 1'), timeoutMs: PING_TIMEOUT_MS });
  }
}
