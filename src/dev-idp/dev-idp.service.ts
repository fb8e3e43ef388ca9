import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, DEV_TENANT_ID } from '../config/app-config.js';
import { DEMO_CLIENTS } from './demo-clients.js';
import { entraError } from './entra-error.js';
import { type CodeRedemptionForm, SignInService } from './sign-in.service.js';
import { tokenResponse } from './token-response.js';
import { TokenSigner } from './token-signer.js';

export interface TokenForm extends CodeRedemptionForm {
  scope?: unknown;
  grant_type?: unknown;
}

/** A stand-in for Entra ID's v2.0 endpoints, for development only. */
@Injectable()
export class DevIdpService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly signer: TokenSigner,
    private readonly signIn: SignInService,
  ) {}

  assertTenant(tenant: string, correlationId: string): void {
    if (tenant !== DEV_TENANT_ID) {
      throw entraError(HttpStatus.BAD_REQUEST, 'invalid_tenant', 90002, `Tenant '${tenant}' not found.`, correlationId);
    }
  }

  /** The fields of Entra ID's v2.0 discovery document, limited to what this provider really supports. */
  openIdConfiguration() {
    const base = `${this.config.publicBaseUrl}/dev-idp/${DEV_TENANT_ID}`;
    return {
      issuer: this.config.auth.issuer,
      authorization_endpoint: `${base}/oauth2/v2.0/authorize`,
      token_endpoint: `${base}/oauth2/v2.0/token`,
      jwks_uri: `${base}/discovery/v2.0/keys`,
      end_session_endpoint: `${base}/oauth2/v2.0/logout`,
      response_types_supported: ['code'],
      response_modes_supported: ['query', 'fragment'],
      grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
      code_challenge_methods_supported: ['S256'],
      subject_types_supported: ['pairwise'],
      scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
      claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'nbf', 'nonce', 'oid', 'tid', 'ver', 'name', 'preferred_username', 'upn', 'azp', 'scp', 'roles', 'idtyp'],
      id_token_signing_alg_values_supported: ['RS256'],
      token_endpoint_auth_methods_supported: ['client_secret_post'],
      request_uri_parameter_supported: false,
      http_logout_supported: true,
      frontchannel_logout_supported: false,
      tenant_region_scope: 'EU',
      cloud_instance_name: 'microsoftonline.com',
      cloud_graph_host_name: 'graph.windows.net',
      msgraph_host: 'graph.microsoft.com',
    };
  }

  keySet() {
    return { keys: [this.signer.publicJwk] };
  }

  async issueToken(form: TokenForm, correlationId: string) {
    if (form.grant_type === 'authorization_code') return this.signIn.redeem(form, correlationId);
    if (form.grant_type === 'refresh_token') return this.signIn.refresh(form, correlationId);
    if (form.grant_type !== 'client_credentials') {
      throw entraError(HttpStatus.BAD_REQUEST, 'unsupported_grant_type', 70003, "The app requested an unsupported grant type: use 'client_credentials', 'authorization_code' or 'refresh_token'.", correlationId);
    }
    const client = DEMO_CLIENTS.find((candidate) => candidate.clientId === form.client_id);
    if (!client || client.clientSecret !== form.client_secret) {
      throw entraError(HttpStatus.UNAUTHORIZED, 'invalid_client', 7000215, 'Invalid client secret provided, or unknown client_id.', correlationId);
    }
    const audience = this.config.auth.audience;
    if (form.scope !== `${audience}/.default`) {
      throw entraError(HttpStatus.BAD_REQUEST, 'invalid_scope', 1002012, `The provided value for scope is not valid: client credentials need '${audience}/.default'.`, correlationId);
    }
    const accessToken = await this.signer.appOnly(client.clientId, client, audience, this.config.auth.acceptedAppRoles[0]!);
    return tokenResponse(accessToken);
  }
}
