import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { TestIdentityProvider } from '../support/test-identity-provider.js';
import { DedicatedCluster } from './support/dedicated-cluster.js';
import { ServiceProcess, withServiceOutput } from './support/service-process.js';
import { throwawayCa, type ThrowawayCa } from './support/throwaway-ca.js';

/** Trust authentication ignores it; it is there to prove no refusal prints it. */
const PASSWORD = 'Pw-8f2K9xQ4mZ7vL1nR3';
const STARTUP_FAILURE_MS = 30_000;
const CLI_TOOL = resolve('dist/cli/vacaciones-asignar.js');
const withPostgres = DedicatedCluster.available ? describe : describe.skip;
const reason = DedicatedCluster.available ? '' : ' (skipped: no PostgreSQL server binaries under /usr/lib/postgresql)';

withPostgres(`DATABASE_URL with sslmode=verify-full against a PostgreSQL serving TLS with a throw-away certificate for "localhost"${reason}`, () => {
  let ca: ThrowawayCa;
  let cluster: DedicatedCluster;
  let idp: TestIdentityProvider;
  let services: ServiceProcess[] = [];
  const urlFor = (host: string, query: string) => `postgresql://postgres:${PASSWORD}@${host}:${cluster.port}/postgres?${query}`;

  beforeAll(async () => {
    ca = await throwawayCa('localhost');
    cluster = await DedicatedCluster.create({ tls: ca.server });
    idp = await TestIdentityProvider.startHttps();
  }, 90_000);
  afterEach(async () => {
    await Promise.all(services.map((service) => service.stop()));
    services = [];
  });
  afterAll(async () => {
    await cluster?.remove();
    ca?.remove();
    await idp?.stop();
  });

  const spawn = (databaseUrl: string, env: Record<string, string> = {}) => {
    const service = ServiceProcess.spawn('tls', { databaseUrl, jwksUri: idp.jwksUri, caFile: idp.caFile, env });
    services.push(service);
    return service;
  };

  const onCluster = async <T extends pg.QueryResultRow>(sql: string): Promise<T[]> => {
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      return (await client.query<T>(sql)).rows;
    } finally {
      await client.end();
    }
  };
  /** The service's own connections as the server sees them: whether each one is encrypted. */
  const serviceConnectionsEncrypted = async (): Promise<boolean[]> =>
    (await onCluster<{ ssl: boolean }>(`SELECT s.ssl FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) WHERE a.application_name = 'ess-api'`)).map(
      (row) => row.ssl,
    );

  /** What a failed start printed, once it exited. */
  const failedStart = async (service: ServiceProcess) => {
    const lines = service.watch(/./);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`still running after ${STARTUP_FAILURE_MS} ms`)), STARTUP_FAILURE_MS)));
    try {
      return { code: (await Promise.race([service.exited, timeout])).code, lines };
    } finally {
      clearTimeout(timer);
    }
  };

  it('migrates and serves over TLS with the authority in PGSSLROOTCERT', () =>
    withServiceOutput(
      () => services,
      async () => {
        const service = spawn(urlFor('localhost', 'sslmode=verify-full'), { PGSSLROOTCERT: ca.caFile });
        await service.ready();
        expect((await fetch(`${service.url}/api/health/ready`)).status).toBe(200);
        expect((await onCluster<{ count: string }>('SELECT count(*) FROM migraciones'))[0]!.count).not.toBe('0');
        const encrypted = await serviceConnectionsEncrypted();
        expect(encrypted.length).toBeGreaterThan(0);
        expect(encrypted.every(Boolean)).toBe(true);
      },
    ),
  );

  it('does the same with the authority in sslrootcert= of DATABASE_URL', () =>
    withServiceOutput(
      () => services,
      async () => {
        const service = spawn(urlFor('localhost', `sslmode=verify-full&sslrootcert=${encodeURIComponent(ca.caFile)}`));
        await service.ready();
        expect((await serviceConnectionsEncrypted()).every(Boolean)).toBe(true);
      },
    ),
  );

  it('refuses to start on 127.0.0.1, a name the certificate does not list, in one line without the password or a stack', async () => {
    const { code, lines } = await failedStart(spawn(urlFor('127.0.0.1', 'sslmode=verify-full'), { PGSSLROOTCERT: ca.caFile }));
    expect(code).toBe(1);
    expect(lines).toEqual([
      'Cannot connect to the database over TLS: the server\'s certificate is not issued for the host "127.0.0.1" of DATABASE_URL ' +
        '(ERR_TLS_CERT_ALTNAME_INVALID); connect by a name the certificate lists (sslmode=verify-full checks it).',
    ]);
    expect(lines.join('\n')).not.toContain(PASSWORD);
  });

  it('refuses to start when nothing names the authority that signed the certificate', async () => {
    const { code, lines } = await failedStart(spawn(urlFor('localhost', 'sslmode=verify-full')));
    expect(code).toBe(1);
    expect(lines).toEqual([expect.stringMatching(/^Cannot connect to the database over TLS: no trusted authority signed the server's certificate \([A-Z_]+\); set PGSSLROOTCERT/)]);
  });

  it('gives the command-line tools the same connection: they work with PGSSLROOTCERT, and print the same one line for 127.0.0.1', async () => {
    const tool = (databaseUrl: string) =>
      promisify(execFile)(process.execPath, [CLI_TOOL, '--anio', '2027', '--dias', '23'], {
        env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, PGSSLROOTCERT: ca.caFile },
        timeout: STARTUP_FAILURE_MS,
      }).then(
        ({ stderr }) => ({ code: 0, stderr }),
        (error: { code?: number; stderr?: string }) => ({ code: error.code, stderr: error.stderr ?? '' }),
      );
    expect((await tool(urlFor('localhost', 'sslmode=verify-full'))).code).toBe(0);
    const refused = await tool(urlFor('127.0.0.1', 'sslmode=verify-full'));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^Cannot connect to the database over TLS: the server's certificate is not issued for the host "127\.0\.0\.1" of DATABASE_URL [^\n]+\n$/);
    expect(refused.stderr).not.toContain(PASSWORD);
  });
});
