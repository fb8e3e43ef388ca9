import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { testCertificate } from './test-certificate.js';

export const GRAPH_TENANT = '0c5d1e2f-3a4b-4c5d-8e9f-0a1b2c3d4e5f';
export const GRAPH_CLIENT_ID = '7e8f9a0b-1c2d-4e3f-9a4b-5c6d7e8f9a0b';
export const GRAPH_CLIENT_SECRET = 'graph-client-secret~123';

/** One sendMail call the stand-in accepted, as Graph received it. */
export interface GraphSentMail {
  from: string;
  body: {
    message: {
      subject: string;
      body: { contentType: string; content: string };
      toRecipients: { emailAddress: { address: string } }[];
      internetMessageHeaders?: { name: string; value: string }[];
    };
    saveToSentItems: boolean;
  };
}

export interface TestGraphServer {
  /** https://127.0.0.1:port: both the authority host and Graph's base URL. */
  url: string;
  /** The environment that points the service at this stand-in. */
  env: Record<string, string>;
  sent: GraphSentMail[];
  /** Token requests made (the credential caches the token). */
  tokenRequests: number;
  /** What the next sendMail calls answer instead of 202, first first: a status with Graph's error body, or a raw body. */
  failNext: (number | { status: number; body: string })[];
  /** sendMail calls refused for a missing or wrong token. */
  unauthorized: number;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * One certificate for the whole process. Jest gives each test file its own modules (so its own testCertificate()),
 * but the default CA list is the process's: two self-signed certificates with the same subject in it make
 * OpenSSL pick the wrong one and refuse the connection.
 */
async function processCertificate(): Promise<{ key: string; cert: string }> {
  const dir = join(tmpdir(), `ess-graph-stand-in-${process.pid}`);
  try {
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } catch {
    const { key, cert } = await testCertificate();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'key.pem'), key, { mode: 0o600 });
    writeFileSync(join(dir, 'cert.pem'), cert);
    return { key, cert };
  }
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/**
 * Entra ID's token endpoint (with the tenant's OpenID metadata @azure/identity reads first) and Graph's
 * sendMail, over https with a self-signed certificate this process is made to trust.
 */
export async function startTestGraphServer(): Promise<TestGraphServer> {
  const { key, cert } = await processCertificate();
  // What NODE_EXTRA_CA_CERTS does for a child process, for this one (Node ≥ 22.19 / 24.5).
  if (!getCACertificates('default').includes(cert)) setDefaultCACertificates([...getCACertificates('default'), cert]);
  const tokens = new Set<string>();
  const state: TestGraphServer = { url: '', env: {}, sent: [], tokenRequests: 0, failNext: [], unauthorized: 0, close: async () => undefined };
  const server = createServer({ key, cert }, (request, response) => {
    void (async () => {
      const path = new URL(request.url!, state.url).pathname;
      const tenantBase = `${state.url}/${GRAPH_TENANT}`;
      if (request.method === 'GET' && path === `/${GRAPH_TENANT}/v2.0/.well-known/openid-configuration`) {
        return json(response, 200, {
          issuer: `${tenantBase}/v2.0`,
          authorization_endpoint: `${tenantBase}/oauth2/v2.0/authorize`,
          token_endpoint: `${tenantBase}/oauth2/v2.0/token`,
          jwks_uri: `${tenantBase}/discovery/v2.0/keys`,
          end_session_endpoint: `${tenantBase}/oauth2/v2.0/logout`,
          response_types_supported: ['code', 'token'],
          subject_types_supported: ['pairwise'],
          id_token_signing_alg_values_supported: ['RS256'],
        });
      }
      if (request.method === 'POST' && path === `/${GRAPH_TENANT}/oauth2/v2.0/token`) {
        const form = new URLSearchParams(await readBody(request));
        state.tokenRequests++;
        const ok = form.get('grant_type') === 'client_credentials' && form.get('client_id') === GRAPH_CLIENT_ID && form.get('client_secret') === GRAPH_CLIENT_SECRET;
        if (!ok) return json(response, 401, { error: 'invalid_client', error_description: 'AADSTS7000215: Invalid client secret provided.' });
        if (form.get('scope') !== `${state.url}/.default`) return json(response, 400, { error: 'invalid_scope', error_description: `unexpected scope ${form.get('scope')}` });
        const token = randomUUID();
        tokens.add(token);
        return json(response, 200, { token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599, access_token: token });
      }
      const sendMail = /^\/v1\.0\/users\/([^/]+)\/sendMail$/.exec(path);
      if (request.method === 'POST' && sendMail) {
        const body = await readBody(request);
        if (!tokens.has(request.headers.authorization?.replace(/^Bearer /, '') ?? '')) {
          state.unauthorized++;
          return json(response, 401, { error: { code: 'InvalidAuthenticationToken', message: 'Access token is empty.' } });
        }
        const failure = state.failNext.shift();
        if (typeof failure === 'object') return response.writeHead(failure.status, { 'content-type': 'text/html' }).end(failure.body);
        if (failure) return json(response, failure, { error: { code: failure === 429 ? 'ApplicationThrottled' : 'ServiceUnavailable', message: 'Inténtelo más tarde.' } });
        state.sent.push({ from: decodeURIComponent(sendMail[1]!), body: JSON.parse(body) });
        response.writeHead(202).end();
        return;
      }
      json(response, 404, { error: { code: 'NotFound', message: `${request.method} ${path}` } });
    })().catch((error: Error) => json(response, 500, { error: { code: 'StandIn', message: error.message } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.env = {
    MAIL_TRANSPORT: 'graph',
    MAIL_GRAPH_TENANT_ID: GRAPH_TENANT,
    MAIL_GRAPH_CLIENT_ID: GRAPH_CLIENT_ID,
    MAIL_GRAPH_CLIENT_SECRET: GRAPH_CLIENT_SECRET,
    MAIL_GRAPH_AUTHORITY_HOST: state.url,
    GRAPH_BASE_URL: state.url,
  };
  state.close = () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      // The credential's and fetch's kept-alive connections would hold the close for seconds.
      server.closeAllConnections();
    });
  return state;
}
