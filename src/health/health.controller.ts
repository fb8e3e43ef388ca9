import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService } from '@nestjs/terminus';
import { DatabaseHealthIndicator } from './database.health.js';
import { StorageHealthIndicator } from './storage.health.js';
import { SkipRateLimit } from '../common/rate-limit/skip-rate-limit.decorator.js';
import { Public } from '../auth/public.decorator.js';

@ApiTags('health')
@Public()
@SkipRateLimit()
@Controller('api/health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: DatabaseHealthIndicator,
    private readonly storage: StorageHealthIndicator,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Liveness: the process answers',
    description: 'For a liveness probe: 200 as long as the process runs. It asks nothing of the database, so an outage does not get healthy instances restarted. No token needed.',
    security: [],
  })
  @ApiOkResponse({ schema: { type: 'object', properties: { status: { type: 'string', example: 'ok' } } } })
  live() {
    return { status: 'ok' };
  }

  @Get('ready')
  @HealthCheck()
  @ApiOperation({
    summary: 'Readiness: the database and the file storage answer (503 when one does not)',
    description: 'For a readiness probe or a load balancer: 200 when the database and the file storage (local disk or Azure Blob) answer, 503 naming the check that failed. No token needed.',
    security: [],
  })
  ready() {
    return this.health.check([() => this.database.ping(), () => this.storage.check()]);
  }
}
