import { HttpStatus, Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { ApiError } from '../common/api-error.js';
import { APP_CONFIG, type AppConfig, DEV_TENANT_ID } from '../config/app-config.js';
import { DEMO_CLIENTS } from './demo-clients.js';
import { loadOrCreateSigningKey, type SigningKey } from './signing-key.store.js';

const TOKEN_LIFETIME_SECONDS = 3600;

export interface ClientCredentialsForm {
  client_id?: unknown;
  client_secret?: unknown;
  scope?: unknown;
  grant_type?: unknown;
}

/** OAuth errors use the provider's own shape, not the API's envelope, exactly as Entra ID answers. */
function oauthError(status: HttpStatus, error: string, description: string): ApiError {
  return new ApiError(status, { error, error_description: description });
}

/** A stand-in for Entra ID's client-credentials flow, for development only. */
@Injectable()
export class DevIdpService implements OnModuleInit {
  private signingKey!: SigningKey;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async onModuleInit(): Promise<void> {
    this.signingKey = await loadOrCreateSigningKey(join(this.config.dataDir, 'dev-idp', 'signing-key.json'));
  }

  assertTenant(tenant: string): void {
    if (tenant !== DEV_TENANT_ID) throw oauthError(HttpStatus.NOT_FOUND, 'invalid_tenant', `Tenant '${tenant}' not found.`);
  }

  openIdConfiguration() {
    const base = `${this.config.publicBaseUrl}/dev-idp/${DEV_TENANT_ID}`;
    return {
      issuer: this.config.auth.issuer,
      token_endpoint: `${base}/oauth2/v2.0/token`,
      jwks_uri: `${base}/discovery/v2.0/keys`,
      response_types_supported: ['token'],
      grant_types_supported: ['client_credentials'],
      id_token_signing_alg_values_supported: ['RS256'],
      token_endpoint_auth_methods_supported: ['client_secret_post'],
    };
  }

  keySet() {
    return { keys: [this.signingKey.publicJwk] };
  }

  async issueToken(form: ClientCredentialsForm) {
    if (form.grant_type !== 'client_credentials') {
      throw oauthError(HttpStatus.BAD_REQUEST, 'unsupported_grant_type', "grant_type must be 'client_credentials'.");
    }
    const client = DEMO_CLIENTS.find((candidate) => candidate.clientId === form.client_id);
    if (!client || client.clientSecret !== form.client_secret) {
      throw oauthError(HttpStatus.UNAUTHORIZED, 'invalid_client', 'Invalid client_id or client_secret.');
    }
    if (form.scope !== `${this.config.auth.audience}/.default`) {
      throw oauthError(HttpStatus.BAD_REQUEST, 'invalid_scope', `scope must be '${this.config.auth.audience}/.default'.`);
    }
    // An app-only token, as Entra ID issues for client credentials: the API's app role, no scope. Its
    // `oid` is a demo employee's, which a real service principal's never is: development only.
    const accessToken = await new SignJWT({
      oid: client.oid,
      upn: client.correo,
      preferred_username: client.correo,
      name: client.nombre,
      tid: DEV_TENANT_ID,
      azp: client.clientId,
      roles: [this.config.auth.acceptedAppRoles[0]],
      idtyp: 'app',
      ver: '2.0',
    })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: this.signingKey.kid })
      .setIssuer(this.config.auth.issuer)
      .setAudience(this.config.auth.audience)
      .setSubject(client.oid)
      .setIssuedAt()
      .setNotBefore('0s')
      .setExpirationTime(`${TOKEN_LIFETIME_SECONDS}s`)
      .sign(this.signingKey.privateKey);
    return { token_type: 'Bearer', expires_in: TOKEN_LIFETIME_SECONDS, access_token: accessToken };
  }
}
