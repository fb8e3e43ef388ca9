import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig, DEV_TENANT_ID } from '../config/app-config.js';
import { CODE_LIFETIME_MS, type CodeGrant, OneTimeTokens, REFRESH_TOKEN_LIFETIME_MS, type SignInGrant, verifierMatches } from './one-time-tokens.js';
import { type AuthorizeParams, type AuthorizeRequest, type AuthorizeSettings, parseAuthorizeRequest, redirectLocation } from './authorize-request.js';
import { findSignInClient } from './demo-clients.js';
import { entraError } from './entra-error.js';
import { explorerRedirectUris } from './explorer-client.js';
import { isLoopbackUrl } from './loopback.js';
import { type SignInCandidate, signInPage } from './sign-in-page.js';
import { tokenResponse } from './token-response.js';
import { TokenSigner, type TokenSubject } from './token-signer.js';

/** Employees listed on the sign-in page; past this the page says how many it left out. */
const MAX_LISTED_EMPLOYEES = 200;

export interface CodeRedemptionForm {
  code?: unknown;
  client_id?: unknown;
  client_secret?: unknown;
  redirect_uri?: unknown;
  code_verifier?: unknown;
  client_info?: unknown;
  refresh_token?: unknown;
}

/** The authorization code flow with PKCE, so an SPA using MSAL signs a chosen employee in locally. */
@Injectable()
export class SignInService {
  private readonly codes = new OneTimeTokens<CodeGrant>(CODE_LIFETIME_MS);
  private readonly refreshTokens = new OneTimeTokens<SignInGrant>(REFRESH_TOKEN_LIFETIME_MS);
  private readonly settings: AuthorizeSettings;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly signer: TokenSigner,
  ) {
    this.settings = { audience: config.auth.audience, acceptedScopes: config.auth.acceptedScopes, explorerRedirectUris: explorerRedirectUris(config) };
  }

  /** The page listing the active employees, for a valid request. */
  async page(params: AuthorizeParams, actionPath: string, correlationId: string): Promise<{ html: string; redirectOrigin: string }> {
    const request = this.parse(params, correlationId);
    const rows = await this.dataSource.query<(SignInCandidate & { total: string })[]>(
      `SELECT e.id_empleado, e.nombre, e.correo, r.nombre AS rol, count(*) OVER () AS total
         FROM empleado e JOIN rol r ON r.id_rol = e.id_rol
        WHERE e.activo ORDER BY e.nombre, e.id_empleado LIMIT $1`,
      [MAX_LISTED_EMPLOYEES],
    );
    const candidates = rows.map(({ id_empleado, nombre, correo, rol }) => ({ id_empleado, nombre, correo, rol }));
    return { html: signInPage(params, candidates, Number(rows[0]?.total ?? 0), actionPath), redirectOrigin: new URL(request.redirectUri).origin };
  }

  /** The chosen employee gets a code, delivered at the client's redirect_uri. */
  async choose(form: AuthorizeParams, correlationId: string): Promise<string> {
    const request = this.parse(form, correlationId);
    const subject = await this.activeEmployee(form.id_empleado);
    if (!subject) {
      throw entraError(HttpStatus.BAD_REQUEST, 'invalid_request', 50034, 'The chosen employee does not exist or is not active.', correlationId);
    }
    const code = this.codes.issue({ ...request, subject });
    return redirectLocation(request.redirectUri, request.responseMode, { code, state: request.state });
  }

  async redeem(form: CodeRedemptionForm, correlationId: string) {
    const clientId = this.authenticateClient(form, correlationId);
    const grant = this.codes.take(form.code);
    if (!grant) {
      throw entraError(HttpStatus.BAD_REQUEST, 'invalid_grant', 70008, 'The provided authorization code is invalid, expired or already redeemed.', correlationId);
    }
    if (grant.clientId !== clientId || grant.redirectUri !== form.redirect_uri) {
      throw entraError(HttpStatus.BAD_REQUEST, 'invalid_grant', 70000, 'The authorization code was issued to another client or redirect_uri.', correlationId);
    }
    if (!verifierMatches(form.code_verifier, grant.codeChallenge)) {
      throw entraError(HttpStatus.BAD_REQUEST, 'invalid_grant', 501481, 'The code_verifier does not match the code_challenge supplied in the authorization request.', correlationId);
    }
    return this.tokensFor(grant, form, {
      ...(grant.openid ? { id_token: await this.signer.idToken(clientId, grant.subject, grant.nonce) } : {}),
      ...(grant.offlineAccess ? { refresh_token: this.refreshTokens.issue(grant) } : {}),
    });
  }

  /** A refresh token is single use: each redemption returns the next one, for an employee still active. */
  async refresh(form: CodeRedemptionForm, correlationId: string) {
    const clientId = this.authenticateClient(form, correlationId);
    const grant = this.refreshTokens.take(form.refresh_token);
    if (!grant || grant.clientId !== clientId) {
      throw entraError(HttpStatus.BAD_REQUEST, 'invalid_grant', 700082, 'The refresh token is invalid, expired, already used or was issued to another client.', correlationId);
    }
    const subject = await this.activeEmployeeByOid(grant.subject.oid);
    if (!subject) throw entraError(HttpStatus.BAD_REQUEST, 'invalid_grant', 50057, 'The user account is disabled or was removed.', correlationId);
    const renewed = { ...grant, subject };
    return this.tokensFor(renewed, form, { refresh_token: this.refreshTokens.issue(renewed) });
  }

  /** The client's own secret for the confidential demo clients; none for the public ones (the SPA, the explorer). */
  private authenticateClient(form: CodeRedemptionForm, correlationId: string): string {
    const client = findSignInClient(form.client_id, this.settings.explorerRedirectUris);
    if (!client || (client.clientSecret !== null && client.clientSecret !== form.client_secret)) {
      throw entraError(HttpStatus.UNAUTHORIZED, 'invalid_client', 7000215, 'Invalid client secret provided, or unknown client_id.', correlationId);
    }
    return client.clientId;
  }

  private async tokensFor(grant: SignInGrant, form: CodeRedemptionForm, extra: Record<string, string>) {
    const scopeNames = grant.scopes.map((scope) => scope.slice(this.config.auth.audience.length + 1));
    const accessToken = await this.signer.delegated(grant.clientId, grant.subject, this.config.auth.audience, scopeNames);
    return tokenResponse(accessToken, {
      scope: grant.scopes.join(' '),
      ...extra,
      ...(form.client_info === '1' ? { client_info: clientInfo(grant.subject) } : {}),
    });
  }

  /** A post-logout address is followed only when it is one a sign-in could redirect to. */
  logoutLocation(target: unknown): string | undefined {
    return typeof target === 'string' && isLoopbackUrl(target) ? target : undefined;
  }

  private parse(params: AuthorizeParams, correlationId: string): AuthorizeRequest {
    return parseAuthorizeRequest(params, this.settings, correlationId);
  }

  private activeEmployee(idEmpleado: unknown): Promise<TokenSubject | undefined> {
    if (typeof idEmpleado !== 'string' || !/^[1-9]\d{0,9}$/.test(idEmpleado) || Number(idEmpleado) > 2_147_483_647) return Promise.resolve(undefined);
    return this.activeEmployeeWhere('id_empleado', Number(idEmpleado));
  }

  private activeEmployeeByOid(oid: string): Promise<TokenSubject | undefined> {
    return this.activeEmployeeWhere('idp_oid', oid);
  }

  private async activeEmployeeWhere(column: 'id_empleado' | 'idp_oid', value: number | string): Promise<TokenSubject | undefined> {
    const [row] = await this.dataSource.query<{ idp_oid: string; correo: string; nombre: string }[]>(
      `SELECT idp_oid, correo, nombre FROM empleado WHERE ${column} = $1 AND activo`,
      [value],
    );
    return row && { oid: row.idp_oid, correo: row.correo, nombre: row.nombre };
  }
}

/** What MSAL builds the account's home id from: the user's and the tenant's ids, base64url JSON. */
function clientInfo(subject: TokenSubject): string {
  return Buffer.from(JSON.stringify({ uid: subject.oid, utid: DEV_TENANT_ID })).toString('base64url');
}
