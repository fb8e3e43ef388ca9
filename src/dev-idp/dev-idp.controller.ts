import { Body, Controller, Get, Header, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipRateLimit } from '../common/rate-limit/skip-rate-limit.decorator.js';
import { Public } from '../auth/public.decorator.js';
import { type TokenForm, DevIdpService } from './dev-idp.service.js';
import { correlationIdFrom } from './entra-error.js';

/** Entra ID's v2.0 paths under /dev-idp/<tenant_id>/. */
@ApiExcludeController()
@Public()
@SkipRateLimit()
@Controller('dev-idp/:tenant')
export class DevIdpController {
  constructor(private readonly devIdp: DevIdpService) {}

  @Get('v2.0/.well-known/openid-configuration')
  openIdConfiguration(@Param('tenant') tenant: string, @Headers('client-request-id') requestId?: string) {
    this.devIdp.assertTenant(tenant, correlationIdFrom(requestId));
    return this.devIdp.openIdConfiguration();
  }

  @Get('discovery/v2.0/keys')
  keys(@Param('tenant') tenant: string, @Headers('client-request-id') requestId?: string) {
    this.devIdp.assertTenant(tenant, correlationIdFrom(requestId));
    return this.devIdp.keySet();
  }

  @Post('oauth2/v2.0/token')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  token(@Param('tenant') tenant: string, @Body() form: TokenForm, @Headers('client-request-id') requestId?: string) {
    const correlationId = correlationIdFrom(requestId);
    this.devIdp.assertTenant(tenant, correlationId);
    return this.devIdp.issueToken(form ?? {}, correlationId);
  }
}
