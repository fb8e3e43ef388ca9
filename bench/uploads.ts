// `npm run bench:uploads`: 40 parallel 10 MiB uploads by one employee against the compiled service
// in production mode, on the local disk and on Azure Blob Storage (Azurite), printing the service's
// RSS (before, peak, after) and the throughput. Not a test: the figures depend on the machine.
//   BENCH_UPLOADS=40 BENCH_UPLOAD_MIB=10 BENCH_ROUNDS=2   the defaults
//   BENCH_ONLY=azure                                     only the Azure backend
import { readFileSync } from 'node:fs';
import { ServiceProcess } from '../test/resilience/support/service-process.js';
import { Seed } from '../test/resilience/support/seed.js';
import { createThrowawayDatabase, openPool } from '../test/resilience/support/throwaway-database.js';
import { startAzurite } from '../test/support/azurite.js';
import { TestIdentityProvider } from '../test/support/test-identity-provider.js';
import { multipart, pngOfSize } from '../test/support/upload-fixtures.js';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 40);
const FILE_BYTES = Number(process.env.BENCH_UPLOAD_MIB ?? 10) * 1024 * 1024;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const RSS_SAMPLE_MS = 10;
const RSS_TARGET_MB = 300;

interface Round {
  backend: string;
  round: number;
  statuses: Record<string, number>;
  seconds: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
}

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : NaN;
}

async function uploadRound(service: ServiceProcess, token: string, backend: string, round: number): Promise<Round> {
  const { body, contentType } = multipart([{ filename: 'grande.png', content: pngOfSize(FILE_BYTES) }]);
  const rssBeforeMb = rssMb(service.pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rssMb(service.pid))), RSS_SAMPLE_MS);
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: UPLOADS }, () =>
      fetch(`${service.url}/api/uploads/solicitud`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, body }).then(
        async (response) => (await response.arrayBuffer(), String(response.status)),
        (error: Error) => error.message,
      ),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const counted: Record<string, number> = {};
  for (const status of statuses) counted[status] = (counted[status] ?? 0) + 1;
  return { backend, round, statuses: counted, seconds, rssBeforeMb, rssPeakMb, rssAfterMb: rssMb(service.pid) };
}

async function benchBackend(backend: 'local' | 'azure'): Promise<Round[]> {
  const azurite = backend === 'azure' ? await startAzurite() : undefined;
  const database = await createThrowawayDatabase('ess_bench_uploads');
  const idp = await TestIdentityProvider.startHttps();
  const service = await ServiceProcess.start(`service (${backend})`, {
    databaseUrl: database.url,
    jwksUri: idp.jwksUri,
    caFile: idp.caFile,
    env: {
      ...(azurite && { STORAGE: 'azure', AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString }),
      // One employee sends them all: the per-employee limits must let the whole batch through.
      UPLOAD_QUOTA_BYTES_PER_DAY: String(100 * UPLOADS * FILE_BYTES),
      UPLOAD_MAX_CONCURRENT_PER_EMPLOYEE: String(UPLOADS),
    },
  });
  const pool = openPool(database.url);
  try {
    const token = await idp.token((await new Seed(pool).empleado()).oid);
    const rounds: Round[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) rounds.push(await uploadRound(service, token, backend, round));
    return rounds;
  } finally {
    await service.stop();
    await pool.end();
    await database.drop();
    await idp.stop();
    await azurite?.stop();
  }
}

const rounds = [...(process.env.BENCH_ONLY === 'azure' ? [] : await benchBackend('local')), ...(await benchBackend('azure'))];
const mib = (UPLOADS * FILE_BYTES) / 1024 / 1024;
process.stdout.write(`\n${UPLOADS} parallel uploads of ${FILE_BYTES / 1024 / 1024} MiB by one employee, compiled service in production mode\n\n`);
process.stdout.write('| backend | round | answers | seconds | MiB/s | RSS before MB | RSS peak MB | RSS after MB |\n|---|---|---|---|---|---|---|---|\n');
for (const row of rounds) {
  process.stdout.write(
    `| ${row.backend} | ${row.round} | ${JSON.stringify(row.statuses)} | ${row.seconds.toFixed(2)} | ${(mib / row.seconds).toFixed(0)} | ${row.rssBeforeMb} | ${row.rssPeakMb} | ${row.rssAfterMb} |\n`,
  );
}
const worst = Math.max(...rounds.map((row) => row.rssPeakMb));
process.stdout.write(`\nPeak RSS ${worst} MB (target < ${RSS_TARGET_MB} MB): ${worst < RSS_TARGET_MB ? 'met' : 'NOT met'}\n`);
