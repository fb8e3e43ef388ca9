import { Agent, get, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { TestIdentityProvider } from '../support/test-identity-provider.js';
import { note } from './support/measurements.js';
import { ServiceProcess, withServiceOutput } from './support/service-process.js';
import { type Cutoff, dripUntilClosed } from './support/slow-client.js';
import { createThrowawayDatabase, type ThrowawayDatabase } from './support/throwaway-database.js';

const HEADERS_TIMEOUT_MS = 2000;
const REQUEST_TIMEOUT_MS = 4000;
const KEEP_ALIVE_TIMEOUT_MS = 3000;
/** Node looks for overdue requests once a second (src/common/http-timeouts.ts); the rest is for a loaded machine. */
const CUTOFF_MARGIN_MS = 1000 + 1500;
/** Node keeps an idle connection this much longer than the Keep-Alive timeout it announces. */
const KEEP_ALIVE_BUFFER_MS = 1000;

describe('slow clients against the compiled service', () => {
  let idp: TestIdentityProvider;
  let database: ThrowawayDatabase;
  let service: ServiceProcess;

  beforeAll(async () => {
    idp = await TestIdentityProvider.startHttps();
    database = await createThrowawayDatabase('ess_resilience_timeouts');
    service = await ServiceProcess.start('instance', {
      databaseUrl: database.url,
      jwksUri: idp.jwksUri,
      caFile: idp.caFile,
      env: {
        HTTP_HEADERS_TIMEOUT_SECONDS: String(HEADERS_TIMEOUT_MS / 1000),
        HTTP_REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_MS / 1000),
        HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: String(KEEP_ALIVE_TIMEOUT_MS / 1000),
      },
    });
  }, 90_000);
  afterAll(async () => {
    await service?.stop();
    await database?.drop();
    await idp?.stop();
  });

  const expectCutOffAt = (cutoff: Cutoff, timeoutMs: number) => {
    expect(cutoff.closedAfterMs).not.toBeNull();
    expect(cutoff.closedAfterMs!).toBeGreaterThanOrEqual(timeoutMs - 100);
    expect(cutoff.closedAfterMs!).toBeLessThanOrEqual(timeoutMs + CUTOFF_MARGIN_MS);
    expect(cutoff.received).toMatch(/^HTTP\/1\.1 408 /);
  };

  it('cuts off a client that never finishes its headers within the headers timeout', () =>
    withServiceOutput(
      () => [service],
      async () => {
        const cutoff = await dripUntilClosed(service.url, 'GET /api/health HTTP/1.1\r\nHost: ess\r\n', 'X-Slow: 1\r\n', 250, HEADERS_TIMEOUT_MS + 10_000);
        note('11 slow clients', `unfinished headers closed after ${cutoff.closedAfterMs} ms (headers timeout ${HEADERS_TIMEOUT_MS} ms)`);
        expectCutOffAt(cutoff, HEADERS_TIMEOUT_MS);
      },
    ));

  it('cuts off a client that sends its headers and trickles its body within the request timeout', () =>
    withServiceOutput(
      () => [service],
      async () => {
        const headers = 'POST /api/solicitudes/permisos HTTP/1.1\r\nHost: ess\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{';
        const cutoff = await dripUntilClosed(service.url, headers, ' ', 200, REQUEST_TIMEOUT_MS + 10_000);
        note('11 slow clients', `trickled body closed after ${cutoff.closedAfterMs} ms (request timeout ${REQUEST_TIMEOUT_MS} ms)`);
        expectCutOffAt(cutoff, REQUEST_TIMEOUT_MS);
      },
    ));

  it('keeps an idle keep-alive connection past the headers timeout and closes it after the keep-alive timeout', () =>
    withServiceOutput(
      () => [service],
      async () => {
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        try {
          const first = await healthOn(service.url, agent);
          expect(first.response.statusCode).toBe(200);
          expect(first.response.headers['keep-alive']).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);

          await sleep(HEADERS_TIMEOUT_MS + 500);
          const second = await healthOn(service.url, agent);
          expect(second.response.statusCode).toBe(200);
          expect(second.socket).toBe(first.socket);

          const idleSince = Date.now();
          await new Promise((resolve) => second.socket.once('close', resolve));
          const idleMs = Date.now() - idleSince;
          note('11 slow clients', `idle keep-alive connection closed after ${idleMs} ms (keep-alive timeout ${KEEP_ALIVE_TIMEOUT_MS} ms)`);
          expect(idleMs).toBeGreaterThanOrEqual(KEEP_ALIVE_TIMEOUT_MS - 100);
          expect(idleMs).toBeLessThanOrEqual(KEEP_ALIVE_TIMEOUT_MS + KEEP_ALIVE_BUFFER_MS + 1500);
        } finally {
          agent.destroy();
        }
      },
    ));
});

/** GET /api/health on the agent's pooled connection; resolves once the body is read. */
function healthOn(baseUrl: string, agent: Agent): Promise<{ response: IncomingMessage; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const request = get(`${baseUrl}/api/health`, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ response, socket: request.socket! }));
    });
    request.on('error', reject);
  });
}
