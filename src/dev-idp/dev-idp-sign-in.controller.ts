import { Body, Controller, Get, Headers, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { SkipRateLimit } from '../common/rate-limit/skip-rate-limit.decorator.js';
import { Public } from '../auth/public.decorator.js';
import { type AuthorizeParams, RedirectedError } from './authorize-request.js';
import { DevIdpService } from './dev-idp.service.js';
import { correlationIdFrom } from './entra-error.js';
import { SignInService } from './sign-in.service.js';

/** Entra ID's v2.0 browser endpoints under /dev-idp/<tenant_id>/: sign-in (authorization code + PKCE) and sign-out. */
@ApiExcludeController()
@Public()
@SkipRateLimit()
@Controller('dev-idp/:tenant/oauth2/v2.0')
export class DevIdpSignInController {
  constructor(
    private readonly devIdp: DevIdpService,
    private readonly signIn: SignInService,
  ) {}

  @Get('authorize')
  async authorize(
    @Param('tenant') tenant: string,
    @Query() params: AuthorizeParams,
    @Req() request: Request,
    @Res() response: Response,
    @Headers('client-request-id') requestId?: string,
  ) {
    const correlationId = correlationIdFrom(requestId ?? params['client-request-id']);
    this.devIdp.assertTenant(tenant, correlationId);
    await answerOrRedirect(response, async () => {
      const { html, redirectOrigin } = await this.signIn.page(params, request.path, correlationId);
      // Browsers apply form-action to the redirect that follows the post, so the client's origin is allowed too.
      response.setHeader('Content-Security-Policy', `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${redirectOrigin}; frame-ancestors 'none'`);
      response.setHeader('Cache-Control', 'no-store');
      response.type('html').send(html);
    });
  }

  @Post('authorize')
  async choose(@Param('tenant') tenant: string, @Body() form: AuthorizeParams, @Res() response: Response, @Headers('client-request-id') requestId?: string) {
    const correlationId = correlationIdFrom(requestId);
    this.devIdp.assertTenant(tenant, correlationId);
    await answerOrRedirect(response, async () => response.redirect(302, await this.signIn.choose(form ?? {}, correlationId)));
  }

  /** Nothing to end here (no session is kept): back to the client's loopback address, or a short page. */
  @Get('logout')
  logout(@Param('tenant') tenant: string, @Query('post_logout_redirect_uri') target: unknown, @Res() response: Response) {
    this.devIdp.assertTenant(tenant, correlationIdFrom(undefined));
    const location = this.signIn.logoutLocation(target);
    if (location) return response.redirect(302, location);
    return response.type('html').send('<!doctype html><html lang="es"><meta charset="utf-8"><title>Sesión cerrada</title><p>Sesión cerrada.</p></html>');
  }
}

async function answerOrRedirect(response: Response, answer: () => Promise<unknown>): Promise<void> {
  try {
    await answer();
  } catch (error) {
    if (!(error instanceof RedirectedError)) throw error;
    response.redirect(302, error.location);
  }
}
