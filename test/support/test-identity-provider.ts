import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createPublicKey, type JsonWebKey, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';
import { type TestCertificate, testCertificate } from './test-certificate.js';

export const TEST_TENANT_ID = '7f3c2a10-5b6d-4e8f-9a01-23456789abcd';
export const TEST_API_CLIENT_ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
export const TEST_ISSUER = `https://login.microsoftonline.com/${TEST_TENANT_ID}/v2.0`;
export const TEST_V1_ISSUER = `https://sts.windows.net/${TEST_TENANT_ID}/`;
export const TEST_AUDIENCE = `api://${TEST_API_CLIENT_ID}`;
/** The client applications of the tenant: the SPA signs users in, the daemon runs as itself. */
export const TEST_SPA_CLIENT_ID = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
export const TEST_DAEMON_CLIENT_ID = '9d8c7b6a-5f4e-4d3c-9b2a-1f0e9d8c7b6a';
export const ACCEPTED_SCOPE = 'access_as_user';
export const ACCEPTED_APP_ROLE = 'access_as_application';

export const UNKNOWN_TENANT_ID = '00000000-dead-4bad-8bad-000000000000';
/** Entra ID's answer to `<tenant>/v2.0/.well-known/openid-configuration` for a tenant that does not exist. */
const ENTRA_UNKNOWN_TENANT = {
  error: 'invalid_tenant',
  error_description: `AADSTS90002: Tenant '${UNKNOWN_TENANT_ID}' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud. Trace ID: 5e1c Correlation ID: 9a7b Timestamp: 2026-11-26 03:50:00Z`,
  error_codes: [90002],
};

type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

interface TestKey {
  kid: string;
  privateKey: PrivateKey;
  publicJwk: JWK;
}

export interface TokenOptions {
  /** Claims to add or override; a claim set to `undefined` is left out. */
  claims?: Record<string, unknown>;
  /** Extra protected-header fields (jku, x5u…). */
  header?: Record<string, unknown>;
  /** Sign with a key this provider does not publish. */
  unpublishedKey?: boolean;
  /** An app-only token of the daemon client (app role, no scope) instead of a user's delegated one. */
  appOnly?: boolean;
}

/**
 * An identity provider on loopback that signs RS256 tokens and serves its JWKS over HTTP (HTTPS with
 * `tls`, as production requires), with the controls tests need: rotate keys, go down, count fetches.
 */
export class TestIdentityProvider {
  jwksFetches = 0;
  discoveryFetches = 0;
  private down = false;
  private readonly published: TestKey[] = [];
  private readonly server: Server;
  private readonly handle: (request: IncomingMessage, response: ServerResponse) => void;
  private httpsMirror?: Server;

  private constructor(private readonly tls?: TestCertificate) {
    this.handle = (request: IncomingMessage, response: ServerResponse) => {
      if (this.down) {
        response.writeHead(503).end();
        return;
      }
      if (request.url === '/tenant/v2.0/.well-known/openid-configuration') {
        this.discoveryFetches += 1;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ issuer: this.ownIssuer, jwks_uri: this.jwksUri }));
        return;
      }
      if (request.url?.endsWith('/v2.0/.well-known/openid-configuration')) {
        this.discoveryFetches += 1;
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end(JSON.stringify(ENTRA_UNKNOWN_TENANT));
        return;
      }
      if (request.url === '/keys') {
        this.jwksFetches += 1;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ keys: this.published.map((key) => key.publicJwk) }));
        return;
      }
      response.writeHead(404).end();
    };
    this.server = tls ? createHttpsServer({ key: tls.key, cert: tls.cert }, this.handle) : createServer(this.handle);
  }

  static async start(options: { tls?: TestCertificate } = {}): Promise<TestIdentityProvider> {
    const provider = new TestIdentityProvider(options.tls);
    provider.published.push(await createKey());
    await new Promise<void>((resolve) => provider.server.listen(0, '127.0.0.1', resolve));
    return provider;
  }

  get jwksUri(): string {
    return `${this.origin}/keys`;
  }

  /** A provider serving HTTPS with the test certificate, for services run with NODE_ENV=production. */
  static async startHttps(): Promise<TestIdentityProvider> {
    return TestIdentityProvider.start({ tls: await testCertificate() });
  }

  /** The certificate a client must trust (NODE_EXTRA_CA_CERTS) when the provider serves HTTPS. */
  get caFile(): string | undefined {
    return this.tls?.certFile;
  }

  private get origin(): string {
    return `${this.tls ? 'https' : 'http'}://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** An issuer of a tenant it does not know: discovery answers 400 `invalid_tenant`, as Entra ID does. */
  get unknownTenantIssuer(): string {
    return `${this.origin}/${UNKNOWN_TENANT_ID}/v2.0`;
  }

  /** An issuer of its own that publishes OpenID discovery (tests of discovery use it). */
  get ownIssuer(): string {
    return `${this.origin}/tenant/v2.0`;
  }

  /** A valid access token for the given `oid`, as Entra ID v2.0 would issue it to the SPA (or the daemon). */
  async token(oid: string | undefined, options: TokenOptions = {}): Promise<string> {
    const key = options.unpublishedKey ? await createKey() : this.published.at(-1)!;
    const now = Math.floor(Date.now() / 1000);
    const claims: Record<string, unknown> = {
      iss: TEST_ISSUER,
      aud: TEST_AUDIENCE,
      iat: now,
      nbf: now,
      exp: now + 3600,
      oid,
      sub: oid,
      // A unique token identifier, as Entra ID sets: two tokens issued in the same second differ.
      uti: randomUUID(),
      ...(options.appOnly
        ? { azp: TEST_DAEMON_CLIENT_ID, roles: [ACCEPTED_APP_ROLE], idtyp: 'app' }
        : { azp: TEST_SPA_CLIENT_ID, scp: ACCEPTED_SCOPE }),
      ...options.claims,
    };
    const payload = Object.fromEntries(Object.entries(claims).filter(([, value]) => value !== undefined)) as JWTPayload;
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: key.kid, ...options.header })
      .sign(key.privateKey);
  }

  /** Publishes a new key and signs with it from now on; the old key stays published. */
  async rotate(): Promise<void> {
    this.published.push(await createKey());
  }

  /** Stops publishing every key but the newest, as a provider does once a rotation is complete. */
  retireOldKeys(): void {
    this.published.splice(0, this.published.length - 1);
  }

  /** The current signing key's public half as PEM: the secret of an HS256 key-confusion attack. */
  currentPublicKeyPem(): string {
    const jwk = this.published.at(-1)!.publicJwk as JsonWebKey;
    return createPublicKey({ key: jwk, format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString();
  }

  setDown(down: boolean): void {
    this.down = down;
  }

  /**
   * The same keys also over HTTPS, for a compiled service run with NODE_ENV=production beside an
   * in-process app that reads them over HTTP.
   */
  async httpsKeys(): Promise<{ jwksUri: string; caFile: string }> {
    const tls = await testCertificate();
    if (!this.httpsMirror) {
      const mirror = createHttpsServer({ key: tls.key, cert: tls.cert }, this.handle);
      await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
      this.httpsMirror = mirror;
    }
    return { jwksUri: `https://127.0.0.1:${(this.httpsMirror.address() as AddressInfo).port}/keys`, caFile: tls.certFile };
  }

  async stop(): Promise<void> {
    const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));
    await Promise.all([close(this.server), ...(this.httpsMirror ? [close(this.httpsMirror)] : [])]);
  }
}

async function createKey(): Promise<TestKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, use: 'sig', alg: 'RS256' } };
}
