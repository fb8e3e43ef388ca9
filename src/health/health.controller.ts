import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, type HealthCheckResult } from '@nestjs/terminus';
import type { Response } from 'express';
import { SkipRateLimit } from '../common/rate-limit/skip-rate-limit.decorator.js';
import { Public } from '../auth/public.decorator.js';
import { APP_VERSION } from '../config/app-version.js';
import { isReady, ReadinessService } from './readiness.service.js';

@ApiTags('health')
@Public()
@SkipRateLimit()
@Controller('api/health')
export class HealthController {
  constructor(private readonly readiness: ReadinessService) {}

  @Get()
  @ApiOperation({
    summary: 'Liveness: the process answers, and its version',
    description:
      'For a liveness probe: 200 as long as the process runs. It asks nothing of the database, so an outage does not get healthy instances restarted. `version` is the running release (package.json, CHANGELOG.md). No token needed.',
    security: [],
  })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['status', 'version'],
      properties: { status: { type: 'string', example: 'ok' }, version: { type: 'string', example: '0.1.0' } },
    },
  })
  live() {
    return { status: 'ok', version: APP_VERSION };
  }

  @Get('ready')
  @HealthCheck()
  @ApiOperation({
    summary: 'Readiness: each component the service needs, by name (503 when one is down)',
    description:
      'For a readiness probe or a load balancer. `details` names every component: `database`, `storage` (local disk or Azure Blob), `redis` (only with REDIS_URL) and ' +
      '`proveedor_identidad` (the signing keys: `claves`, `antiguedad_claves_segundos`) and `jobs` (the job engine started; while it runs, its backlog: `pendientes`, `antiguedad_pendiente_segundos` of the oldest job not yet done, and both per queue in `colas`). Each has `status` (up, degraded, down), `estado` (disponible, degradado, no_disponible) ' +
      'and, when not up, `motivo`. 503 while the database or the storage does not answer, before the signing keys were ever loaded (every token would get 401), or while the job engine is not running; ' +
      '200 with `status: degraded` while Redis is down (rate limits count per instance) or a refresh of the keys fails (the last ones stay in use). No token needed, and no secret in the answer.',
    security: [],
  })
  async ready(@Res({ passthrough: true }) response: Response): Promise<HealthCheckResult> {
    const result = await this.readiness.check();
    response.status(isReady(result) ? 200 : 503);
    return result;
  }
}
