import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { FactoryProvider } from '@nestjs/common';
import { type JWTPayload, SignJWT } from 'jose';
import { APP_CONFIG, type AppConfig, DEV_TENANT_ID } from '../config/app-config.js';
import { loadOrCreateSigningKey, type SigningKey } from './signing-key.store.js';

export const TOKEN_LIFETIME_SECONDS = 3600;

/** Who a token speaks for: a demo client (app-only) or an employee signed in through /authorize (delegated). */
export interface TokenSubject {
  oid: string;
  correo: string;
  nombre: string;
}

/** Signs tokens shaped like Entra ID's v2.0 ones, for the issuer of the development tenant. */
export class TokenSigner {
  constructor(
    private readonly key: SigningKey,
    private readonly issuer: string,
  ) {}

  get publicJwk() {
    return this.key.publicJwk;
  }

  /**
   * Client credentials: the API's app role, `idtyp: app`, no `scp`. The `oid` is a demo employee's,
   * which a real service principal's never is: development only.
   */
  appOnly(clientId: string, subject: TokenSubject, audience: string, role: string): Promise<string> {
    return this.sign({ ...this.identity(subject), azp: clientId, azpacr: '1', roles: [role], idtyp: 'app' }, audience, subject.oid);
  }

  /** Authorization code: the employee's token for the client that signed them in, with the granted scopes. */
  delegated(clientId: string, subject: TokenSubject, audience: string, scopes: string[]): Promise<string> {
    return this.sign({ ...this.identity(subject), azp: clientId, azpacr: '0', scp: scopes.join(' ') }, audience, subject.oid);
  }

  /** The OpenID Connect ID token MSAL reads the account from: its audience is the client. */
  idToken(clientId: string, subject: TokenSubject, nonce: string | undefined): Promise<string> {
    return this.sign({ ...this.identity(subject), ...(nonce ? { nonce } : {}) }, clientId, subject.oid);
  }

  private identity({ oid, correo, nombre }: TokenSubject): JWTPayload {
    const uti = randomBytes(16).toString('base64url');
    return { oid, preferred_username: correo, upn: correo, name: nombre, tid: DEV_TENANT_ID, uti, ver: '2.0' };
  }

  private sign(claims: JWTPayload, audience: string, subject: string): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: this.key.kid })
      .setIssuer(this.issuer)
      .setAudience(audience)
      .setSubject(subject)
      .setIssuedAt()
      .setNotBefore('0s')
      .setExpirationTime(`${TOKEN_LIFETIME_SECONDS}s`)
      .sign(this.key.privateKey);
  }
}

/** The signer with the key kept in DATA_DIR, so tokens stay valid across restarts. */
export const tokenSignerProvider: FactoryProvider<TokenSigner> = {
  provide: TokenSigner,
  inject: [APP_CONFIG],
  useFactory: async (config: AppConfig) =>
    new TokenSigner(await loadOrCreateSigningKey(join(config.dataDir, 'dev-idp', 'signing-key.json')), config.auth.issuer),
};
