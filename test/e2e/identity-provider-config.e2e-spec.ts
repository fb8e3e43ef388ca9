import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { DEMO_CLIENTS } from '../../src/dev-idp/demo-clients.js';
import { runSource } from '../support/cli.js';
import { freePort } from '../support/free-port.js';
import { truncateAll } from '../support/test-app.js';

/** Starting from TypeScript sources takes a few seconds, more on a loaded machine. */
const START_DEADLINE_MS = 45_000;

/** The service started as `npm start` starts it, on the tests' database server, without AUTH_* settings. */
async function startServiceWithout(env: Record<string, string | undefined>) {
  const scratch = mkdtempSync(join(tmpdir(), 'ess-idp-config-'));
  return runSource(
    join('src', 'main.ts'),
    [],
    {
      NODE_ENV: undefined,
      AUTH_ISSUER_BASE_URL: undefined,
      AUTH_AUDIENCE: undefined,
      AUTH_JWKS_URI: undefined,
      DEV_IDP: undefined,
      PORT: String(await freePort()),
      DATA_DIR: join(scratch, 'data'),
      UPLOADS_DIR: join(scratch, 'uploads'),
      SCHEDULED_JOBS: 'false',
      ...env,
    },
    // A service that comes up instead of refusing is killed and fails the test.
    START_DEADLINE_MS,
  );
}

describe('the development identity provider is never switched on by a database URL', () => {
  beforeAll(() => truncateAll(process.env.DATABASE_URL!));

  it('DATABASE_URL without AUTH_* stops the service with one line naming the variables, before anything is seeded', async () => {
    const run = await startServiceWithout({ DATABASE_URL: process.env.DATABASE_URL });

    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Missing environment variables AUTH_ISSUER_BASE_URL and AUTH_AUDIENCE: .*DEV_IDP=true/)]);
    const db = await new DataSource({ type: 'postgres', url: process.env.DATABASE_URL, poolSize: 1 }).initialize();
    try {
      // On a database no test has migrated yet there is no table at all: nothing was seeded either.
      const [{ migrated }] = await db.query(`SELECT to_regclass('public.empleado') IS NOT NULL AS migrated`);
      const demo = migrated ? await db.query(`SELECT count(*)::int AS n FROM empleado WHERE idp_oid = ANY($1)`, [DEMO_CLIENTS.map((client) => client.oid)]) : [{ n: 0 }];
      expect(demo).toEqual([{ n: 0 }]);
    } finally {
      await db.destroy();
    }
  }, START_DEADLINE_MS + 15_000);

  it('DEV_IDP=true next to AUTH_ISSUER_BASE_URL is refused as a contradiction', async () => {
    const run = await startServiceWithout({
      DATABASE_URL: process.env.DATABASE_URL,
      DEV_IDP: 'true',
      AUTH_ISSUER_BASE_URL: 'https://login.microsoftonline.com/t/v2.0',
      AUTH_AUDIENCE: 'api://x',
    });

    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Invalid environment variable DEV_IDP: /)]);
  }, START_DEADLINE_MS + 15_000);
});
