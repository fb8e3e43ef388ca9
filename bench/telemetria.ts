// `npm run bench:telemetria`: what telemetry costs. The compiled service runs four times side by side
// on one seeded database, as `npm run start:prod` runs it, with request logs at info:
//   baseline   node dist/main.js (no --import at all)
//   off        --import dist/telemetry/register.js, no telemetry variable (the production default)
//   on         the same with OTLP/HTTP (protobuf, to a sink in this process) and METRICS_PORT
//   sampled    on, keeping one trace in ten (OTEL_TRACES_SAMPLER=parentbased_traceidratio)
// autocannon drives the employee request list on each in turn (two rounds, so drifts of the machine hit
// all alike) and the table shows p50, p99, req/s and CPU per request, and each against the baseline.
//   BENCH_ROWS=100000 BENCH_SECONDS=10 npm run bench:telemetria
import 'reflect-metadata';
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { runMigrationsWithLock } from '../src/database/migrate.js';
import { buildDataSourceOptions } from '../src/schema/data-source-options.js';
import { ServiceProcess } from '../test/resilience/support/service-process.js';
import { freePort } from '../test/support/free-port.js';
import { TestIdentityProvider } from '../test/support/test-identity-provider.js';
import { measuredOn, writeResults } from './report.js';
import { seedData } from './seed-data.js';
import { withThrowawayDatabase } from './throwaway-database.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 3;
const ROUNDS = 2;
const CONNECTIONS = 50;
const EMPLOYEES = 1000;
/** What docs/telemetry.md suggests for a busy instance: every metric, a tenth of the traces. */
const SAMPLED = { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' };
/** Linux reports process CPU time in ticks of 1/100 s (USER_HZ). */
const TICK_MS = 10;

interface Arm {
  name: string;
  service: ServiceProcess;
  runs: { result: autocannon.Result; cpuMs: number }[];
}

/** user + system CPU time of a process so far, in milliseconds. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

function load(url: string, tokens: string[], seconds: number): Promise<autocannon.Result> {
  let counter = 0;
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ setupRequest: (request) => ({ ...request, path: '/api/solicitudes', headers: { authorization: `Bearer ${tokens[counter++ % tokens.length]}` } }) }],
  });
}

/** An OTLP/HTTP endpoint that takes and drops everything: the collector's cost is not the service's. */
async function otlpSink(): Promise<{ url: string; close(): void }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

await withThrowawayDatabase('ess_bench_tel', async (databaseUrl) => {
  const db = await new DataSource(buildDataSourceOptions({ url: databaseUrl, poolSize: 2 })).initialize();
  await runMigrationsWithLock(db);
  await seedData(db, { empleados: EMPLOYEES, solicitudes: ROWS, notificacionesPorEmpleado: 10 });
  const oids: { idp_oid: string }[] = await db.query('SELECT idp_oid FROM empleado WHERE id_rol = 1');
  await db.destroy();

  const issuer = await TestIdentityProvider.startHttps();
  const sink = await otlpSink();
  const tokens = await Promise.all(oids.map((row) => issuer.token(row.idp_oid)));
  const common = { databaseUrl, jwksUri: issuer.jwksUri, caFile: issuer.caFile };
  const env = { LOG_LEVEL: 'info', DATABASE_POOL_SIZE: '10' };
  const telemetryEnv = { ...env, OTEL_EXPORTER_OTLP_ENDPOINT: sink.url, METRICS_PORT: String(await freePort()) };
  const arms: Arm[] = [];
  try {
    arms.push({ name: 'baseline (no --import)', service: await ServiceProcess.start('baseline', { ...common, env }), runs: [] });
    arms.push({ name: 'telemetry off (--import, no variables)', service: await ServiceProcess.start('off', { ...common, env, telemetry: true }), runs: [] });
    arms.push({ name: 'telemetry on (OTLP + METRICS_PORT)', service: await ServiceProcess.start('on', { ...common, env: telemetryEnv, telemetry: true }), runs: [] });
    arms.push({ name: 'telemetry on, 1 trace in 10 kept', service: await ServiceProcess.start('sampled', { ...common, env: { ...telemetryEnv, ...SAMPLED }, telemetry: true }), runs: [] });
    for (const arm of arms) await load(arm.service.url, tokens, WARMUP_SECONDS);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const arm of arms) {
        const before = cpuMs(arm.service.pid);
        const result = await load(arm.service.url, tokens, SECONDS);
        arm.runs.push({ result, cpuMs: cpuMs(arm.service.pid) - before });
      }
    }
    report(arms);
  } finally {
    await Promise.all(arms.map((arm) => arm.service.stop()));
    sink.close();
    await issuer.stop();
  }
});

function report(arms: Arm[]): void {
  const rows = arms.map((arm) => {
    const requests = arm.runs.reduce((sum, run) => sum + run.result.requests.total, 0);
    return {
      name: arm.name,
      rps: Math.round(arm.runs.reduce((sum, run) => sum + run.result.requests.average, 0) / arm.runs.length),
      p50: Math.max(...arm.runs.map((run) => run.result.latency.p50)),
      p99: Math.max(...arm.runs.map((run) => run.result.latency.p99)),
      cpuUs: (arm.runs.reduce((sum, run) => sum + run.cpuMs, 0) * 1000) / requests,
      errors: arm.runs.reduce((sum, run) => sum + run.result.errors + run.result.timeouts + run.result.non2xx, 0),
    };
  });
  const [baseline] = rows;
  const table = [
    '| employee GET /api/solicitudes | req/s | p50 ms | p99 ms | CPU µs/request | errors | req/s vs baseline | CPU/request vs baseline |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.cpuUs.toFixed(0)} | ${row.errors} | ` +
        `${(row.rps / baseline!.rps).toFixed(2)}× | ${(row.cpuUs / baseline!.cpuUs).toFixed(2)}× |`,
    ),
  ].join('\n');
  const text = [
    `${measuredOn()}; PostgreSQL on the same machine; ${EMPLOYEES} employees, ${ROWS.toLocaleString('en')} requests;`,
    `autocannon, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up, then ${ROUNDS} rounds of ${SECONDS} s per instance in turn`,
    '(req/s averaged, latencies the worse run); request logs at info, production heap flags.',
    '',
    table,
    '',
  ].join('\n');
  writeResults('telemetria.md', table, `# Benchmark: the cost of telemetry\n\n${text}`);
}
