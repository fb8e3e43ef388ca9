import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { AuthModule } from '../auth/auth.module.js';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { StorageModule } from '../uploads/storage/storage.module.js';
import { DatabaseHealthIndicator } from './database.health.js';
import { HealthController } from './health.controller.js';
import { JobsHealthIndicator } from './jobs.health.js';
import { ReadinessLog } from './readiness-log.js';
import { ReadinessService } from './readiness.service.js';
import { RedisHealthIndicator } from './redis.health.js';
import { SigningKeysHealthIndicator } from './signing-keys.health.js';
import { StorageHealthIndicator } from './storage.health.js';

@Module({
  imports: [TerminusModule.forRoot({ logger: false }), StorageModule, AuthModule, RateLimitModule, JobsModule],
  controllers: [HealthController],
  providers: [DatabaseHealthIndicator, StorageHealthIndicator, RedisHealthIndicator, SigningKeysHealthIndicator, JobsHealthIndicator, ReadinessLog, ReadinessService],
})
export class HealthModule {}
