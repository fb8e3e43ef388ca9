import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { KEY_TIMING_ENV, LATENCY_MARGIN_MS, UNKNOWN_KID_REFETCH_SECONDS } from '../support/key-timing.js';
import { freePort } from '../support/free-port.js';
import { TestIdentityProvider } from '../support/test-identity-provider.js';
import { waitFor } from '../support/wait-for.js';
import { call, type Reply } from './support/http.js';
import { range } from './support/measurements.js';
import { Seed } from './support/seed.js';
import { ServiceProcess, withServiceOutput } from './support/service-process.js';
import { createThrowawayDatabase, openPool, type ThrowawayDatabase } from './support/throwaway-database.js';

const VERSION: string = JSON.parse(readFileSync('package.json', 'utf8')).version;
const SECRETS = {
  filesSigningKey: 'lifecycle-files-signing-key-never-logged-4b1d9e',
  scimToken: 'lifecycle-scim-token-never-logged-0123456789abcdef',
  redisPassword: 'lifecycle-redis-password-never-logged',
  databasePassword: 'lifecycle-db-password-never-logged',
};
const PROBES = 8;
const PROBE_PAUSE_MS = 300;
/** Log lines are written in batches, at least once a second. */
const LOG_FLUSH_WAIT_MS = 3000;
/** A line of a stack trace, as Node prints them. */
const STACK_FRAME = /^\s+at \S/m;

/** The JSON log lines of the instance: `msg` and `context` of each (other output is kept as `msg`). */
function logged(lines: string[]): { context?: string; msg: string; level?: number }[] {
  return lines.map((line) => {
    try {
      return JSON.parse(line) as { context?: string; msg: string; level?: number };
    } catch {
      return { msg: line };
    }
  });
}

const messages = (lines: string[], pattern: RegExp) => logged(lines).filter((entry) => pattern.test(entry.msg)).map((entry) => entry.msg);

async function probeReady(url: string): Promise<Reply[]> {
  const replies: Reply[] = [];
  for (const _ of range(PROBES)) {
    replies.push(await call(url, 'GET', '/api/health/ready'));
    await sleep(PROBE_PAUSE_MS);
  }
  return replies;
}

describe('the compiled service tells an operator what it is doing: start-up, readiness, shutdown', () => {
  let idp: TestIdentityProvider;
  let database: ThrowawayDatabase;
  let db: pg.Pool;
  let service: ServiceProcess;
  let output: string[];
  let uploadsDir: string;

  beforeAll(async () => {
    idp = await TestIdentityProvider.startHttps();
    idp.setDown(true);
    database = await createThrowawayDatabase('ess_resilience_lifecycle');
    const withPassword = Object.assign(new URL(database.url), { username: 'postgres', password: SECRETS.databasePassword }).toString();
    uploadsDir = join(mkdtempSync(join(tmpdir(), 'ess-lifecycle-')), 'uploads');
    service = ServiceProcess.spawn('instance', {
      databaseUrl: withPassword,
      jwksUri: idp.jwksUri,
      caFile: idp.caFile,
      env: {
        ...KEY_TIMING_ENV,
        LOG_LEVEL: 'info',
        UPLOADS_DIR: uploadsDir,
        FILES_SIGNING_KEY: SECRETS.filesSigningKey,
        SCIM_TOKEN: SECRETS.scimToken,
        REDIS_URL: `redis://:${SECRETS.redisPassword}@127.0.0.1:${await freePort()}`,
      },
    });
    output = service.watch(/./);
    await service.serving();
    db = openPool(database.url);
  }, 90_000);
  afterAll(async () => {
    await service?.stop();
    await db?.end();
    await database?.drop();
    await idp?.stop();
  });

  const run = (body: () => Promise<void>) => withServiceOutput(() => [service], body);

  it('answers 503 naming the identity provider while its keys cannot be fetched, logs that once, and is ready within N s once they load', () =>
    run(async () => {
      const whileDown = await probeReady(service.url);
      expect(whileDown.map((reply) => reply.status)).toEqual(Array(PROBES).fill(503));
      expect(whileDown.at(-1)!.body.error).toEqual({
        proveedor_identidad: { status: 'down', estado: 'no_disponible', claves: 0, motivo: `GET ${idp.jwksUri} answered 503` },
      });

      idp.setDown(false);
      const readyAfterMs = await service.ready(UNKNOWN_KID_REFETCH_SECONDS * 1000 + LATENCY_MARGIN_MS);
      const employee = await new Seed(db).empleado();
      expect((await call(service.url, 'GET', '/api/empleados/me', { token: await idp.token(employee.oid) })).status).toBe(200);

      expect(readyAfterMs).toBeLessThanOrEqual(UNKNOWN_KID_REFETCH_SECONDS * 1000 + LATENCY_MARGIN_MS);
      await waitFor(() => messages(output, /^Signing keys loaded/).length > 0, LOG_FLUSH_WAIT_MS);
      expect(messages(output, /^Signing keys/)).toEqual([
        `Signing keys not loaded: GET ${idp.jwksUri} answered 503. Every token gets 401 and /api/health/ready answers 503 until they load; trying again in the background.`,
        'Signing keys loaded: 1 published by the identity provider',
      ]);
    }));

  it('names Redis unreachable in the ready answer, with the reason, and stays ready', () =>
    run(async () => {
      const reply = await call(service.url, 'GET', '/api/health/ready');

      expect(reply.status).toBe(200);
      expect(reply.body.status).toBe('degraded');
      expect(reply.body.details.redis).toMatchObject({ status: 'degraded', estado: 'degradado', motivo: expect.stringContaining('ECONNREFUSED') });
    }));

  it('logs one line when the storage fails and one when it is back, however often readiness is probed', () =>
    run(async () => {
      rmSync(uploadsDir, { recursive: true, force: true });
      writeFileSync(uploadsDir, 'a file where the uploads directory should be');
      const whileDown = await probeReady(service.url);
      rmSync(uploadsDir);
      const afterwards = await probeReady(service.url);
      await waitFor(() => messages(output, /^storage is available again/).length > 0, LOG_FLUSH_WAIT_MS);

      expect(whileDown.map((reply) => reply.status)).toEqual(Array(PROBES).fill(503));
      expect(whileDown[0]!.body.error.storage).toMatchObject({ status: 'down', estado: 'no_disponible', motivo: expect.stringMatching(/EEXIST|ENOTDIR/) });
      expect(afterwards.map((reply) => reply.status)).toEqual(Array(PROBES).fill(200));
      expect(messages(output, /^storage /)).toEqual([expect.stringMatching(/^storage is no_disponible: .*(EEXIST|ENOTDIR)/), 'storage is available again']);
    }));

  it('logged its version, port and mode at start, and a one-line configuration summary without any secret', () =>
    run(async () => {
      const port = new URL(service.url).port;

      expect(messages(output, /^ess-api /)).toEqual([`ess-api ${VERSION} listening on port ${port} in production mode`]);
      const [summary, ...more] = messages(output, /^Configuration: /);
      expect(more).toEqual([]);
      expect(summary).toContain(`database=postgresql://127.0.0.1:5432${new URL(database.url).pathname} (pool 10)`);
      expect(summary).toContain(`keys from ${idp.jwksUri}`);
      expect(summary).toMatch(/redis=redis:\/\/127\.0\.0\.1:\d+, /);
      expect(summary).toContain('scim=on');
      const everything = output.join('\n');
      for (const secret of Object.values(SECRETS)) expect(everything).not.toContain(secret);
      expect(everything).not.toMatch(STACK_FRAME);
    }));

  it('logs the drain on SIGTERM and the exit, and exits 0', () =>
    run(async () => {
      service.signal('SIGTERM');
      const exit = await service.exited;

      expect(exit.code).toBe(0);
      expect(messages(output, /SIGTERM|^Stopped/)).toEqual([
        'SIGTERM received: draining requests in flight, then closing (at most 10 s)',
        'Stopped: exiting with code 0',
      ]);
    }));
});

describe('a tenant the identity provider does not know', () => {
  let idp: TestIdentityProvider;
  let database: ThrowawayDatabase;
  let service: ServiceProcess;
  let output: string[];

  beforeAll(async () => {
    idp = await TestIdentityProvider.startHttps();
    database = await createThrowawayDatabase('ess_resilience_tenant');
    service = ServiceProcess.spawn('instance', {
      databaseUrl: database.url,
      jwksUri: '',
      caFile: idp.caFile,
      env: { ...KEY_TIMING_ENV, AUTH_ISSUER_BASE_URL: idp.unknownTenantIssuer },
    });
    output = service.watch(/./);
    await service.serving();
  }, 90_000);
  afterAll(async () => {
    await service?.stop();
    await database?.drop();
    await idp?.stop();
  });

  it('is never ready, names the tenant problem in the answer, and says so in one log line at start, without a stack', () =>
    withServiceOutput(
      () => [service],
      async () => {
        // Several start-up retries (every 2 s at most here) and probes: still one line.
        const replies = await probeReady(service.url);

        expect(replies.map((reply) => reply.status)).toEqual(Array(PROBES).fill(503));
        const reason = replies.at(-1)!.body.error.proveedor_identidad.motivo;
        expect(reason).toMatch(/^GET \S+\/v2\.0\/\.well-known\/openid-configuration answered 400 \(invalid_tenant: AADSTS90002: Tenant '[^']+' not found\..*\): check the tenant in AUTH_ISSUER_BASE_URL$/);
        expect(idp.discoveryFetches).toBeGreaterThan(1);
        expect(messages(output, /invalid_tenant/)).toEqual([`Signing keys not loaded: ${reason}. Every token gets 401 and /api/health/ready answers 503 until they load; trying again in the background.`]);
        expect(output.join('\n')).not.toMatch(STACK_FRAME);
      },
    ));
});
