// `npm run bench`: seeds a throw-away PostgreSQL database, starts the compiled service in production
// mode and a reference server, drives both with autocannon on loopback and prints one table.
//   BENCH_ROWS=1000000 npm run bench      the scale run (default 100,000 requests)
//   BENCH_SECONDS=10                      measured seconds per run (each scenario runs twice)
//   BENCH_ONLY=notificaciones             only the scenarios whose name contains this text
//   BENCH_PROFILE=1                       V8 CPU profiles of the service and the bare NestJS app in bench/results/profiles/
//                                         (read them with `tsx bench/profile-summary.ts <file>`)
//   BENCH_SERVICE_MAIN=<dir>/dist/main.js another build of the service (another commit's, for a before/after)
//   BENCH_ROUNDS=8                        alternations of the employee list's three servers (default 5)
import 'reflect-metadata';
import autocannon from 'autocannon';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../src/schema/data-source-options.js';
import { runMigrationsWithLock } from '../src/database/migrate.js';
import { cpuMs } from './fichajes-medidas.js';
import { measuredOn, writeResults } from './report.js';
import { seedData } from './seed-data.js';
import { withThrowawayDatabase } from './throwaway-database.js';
import { TEST_AUDIENCE, TEST_ISSUER, TestIdentityProvider } from '../test/support/test-identity-provider.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 3;
const CONNECTIONS = 50;
const EMPLOYEES = 1000;
const POOL_SIZE = 10;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

interface Scenario {
  name: string;
  target: 'service' | 'reference' | 'bare';
  method: 'GET' | 'POST';
  path: (i: number) => string;
  tokens: string[];
  body?: (i: number) => string;
  read: boolean;
}

interface Row {
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  rssMb: number;
  /** Every request the scenario's runs served, for CPU time per request from a profile. */
  requests: number;
  /** The server process's CPU time (user + system) per request over the measured runs: what machine load does not change. */
  cpuUsPerRequest?: number;
  /** Alternated scenarios: each round's req/s and CPU µs per request. */
  rounds?: Rounds;
}

interface Rounds {
  rps: number[];
  cpuUsPerRequest: number[];
}

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  return exited;
}

function waitForLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`process exited with ${code}`)));
  });
}

async function waitUntilReady(url: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not become ready`);
}

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : NaN;
}

/** A Monday `weeks` weeks from now: request i books its own week, so POSTs never overlap. */
function futureMonday(weeks: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + ((8 - date.getUTCDay()) % 7 || 7) + 7 * weeks);
  return date.toISOString().slice(0, 10);
}

function load(baseUrl: string, scenario: Scenario, seconds: number, offset: number): Promise<autocannon.Result> {
  let counter = offset;
  return autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => {
          const i = counter++;
          return {
            ...request,
            method: scenario.method,
            path: scenario.path(i),
            headers: { authorization: `Bearer ${scenario.tokens[i % scenario.tokens.length]}`, 'content-type': 'application/json' },
            body: scenario.body?.(i),
          };
        },
      },
    ],
  });
}

interface Target {
  url: string;
  pid: number;
}

async function measure(target: Target, scenario: Scenario, offset: number): Promise<Row> {
  const warmUp = await load(target.url, scenario, WARMUP_SECONDS, offset);
  const runs = [await load(target.url, scenario, SECONDS, offset + 1_000_000), await load(target.url, scenario, SECONDS, offset + 2_000_000)];
  return summarize(scenario, runs, target.pid, warmUp);
}

/** The references and the service's employee list alternate, so drifts of the machine hit them alike. */
async function measureAlternating(pair: [Target, Scenario][]): Promise<Row[]> {
  const warmUps: autocannon.Result[] = [];
  for (const [target, scenario] of pair) warmUps.push(await load(target.url, scenario, WARMUP_SECONDS, 0));
  const runs: autocannon.Result[][] = pair.map(() => []);
  const cpu = pair.map(() => 0);
  const cpuPerRequestByRound: number[][] = pair.map(() => []);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, [target, scenario]] of pair.entries()) {
      const before = cpuMs(target.pid);
      const run = await load(target.url, scenario, SECONDS, 0);
      const spent = cpuMs(target.pid) - before;
      runs[index]!.push(run);
      cpu[index]! += spent;
      cpuPerRequestByRound[index]!.push((1000 * spent) / run.requests.total);
    }
  }
  return pair.map(([target, scenario], index) => {
    const row = summarize(scenario, runs[index]!, target.pid, warmUps[index]!);
    const measured = runs[index]!.reduce((sum, run) => sum + run.requests.total, 0);
    const rounds = { rps: runs[index]!.map((run) => run.requests.average), cpuUsPerRequest: cpuPerRequestByRound[index]! };
    return { ...row, cpuUsPerRequest: Math.round((1000 * cpu[index]!) / measured), rounds };
  });
}

/** The service against the bare app round by round, and the median of each ratio: one slow round moves a median least. */
function reportRounds(bare: Rounds, service: Rounds): void {
  const throughput = service.rps.map((rps, round) => rps / bare.rps[round]!);
  const efficiency = service.cpuUsPerRequest.map((spent, round) => bare.cpuUsPerRequest[round]! / spent);
  const listed = (ratios: number[]) => ratios.map((ratio) => `${ratio.toFixed(2)}×`).join(' ');
  process.stdout.write(
    `employee list, round by round against the bare app: req/s ${listed(throughput)} (median ${median(throughput).toFixed(2)}×);` +
      ` CPU per request ${listed(efficiency)} (median ${median(efficiency).toFixed(2)}×)\n`,
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function summarize(scenario: Scenario, runs: autocannon.Result[], pid: number, warmUp: autocannon.Result): Row {
  return {
    scenario: scenario.name,
    rps: Math.round(runs.reduce((sum, run) => sum + run.requests.average, 0) / runs.length),
    p50: Math.max(...runs.map((run) => run.latency.p50)),
    p99: Math.max(...runs.map((run) => run.latency.p99)),
    errors: runs.reduce((sum, run) => sum + run.errors + run.timeouts + run.non2xx, 0),
    rssMb: rssMb(pid),
    requests: runs.reduce((sum, run) => sum + run.requests.total, warmUp.requests.total),
  };
}

await withThrowawayDatabase('ess_bench', async (databaseUrl) => {
  const db = await new DataSource(buildDataSourceOptions({ url: databaseUrl, poolSize: 2 })).initialize();
  await runMigrationsWithLock(db);
  const seedStart = Date.now();
  await seedData(db, { empleados: EMPLOYEES, solicitudes: ROWS, notificacionesPorEmpleado: 300 });
  const roles: { idp_oid: string; id_rol: number }[] = await db.query('SELECT idp_oid, id_rol FROM empleado');
  await db.destroy();
  process.stdout.write(`seeded ${EMPLOYEES} employees, ${ROWS.toLocaleString('en')} requests in ${((Date.now() - seedStart) / 1000).toFixed(0)} s\n`);

  // Production requires an https key endpoint: the provider serves one and both servers trust its certificate.
  const issuer = await TestIdentityProvider.startHttps();
  const trustIssuer = { NODE_EXTRA_CA_CERTS: issuer.caFile! };
  const tokensOf = (rol: number) => Promise.all(roles.filter((row) => row.id_rol === rol).map((row) => issuer.token(row.idp_oid)));
  const employeeTokens = await tokensOf(1);
  const superAdminTokens = await tokensOf(3);

  const profile = (server: string) => (process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=bench/results/profiles/${server}`] : []);
  const nodeFlags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  // The heap cap production runs with (Dockerfile, npm run start:prod): V8 otherwise grows lazily.
  const heapCap = ['--max-old-space-size=160', '--max-semi-space-size=8'];
  const service = spawn(process.execPath, [...heapCap, ...nodeFlags, ...profile('service'), process.env.BENCH_SERVICE_MAIN ?? 'dist/main.js'], {
    env: {
      ...process.env,
      ...trustIssuer,
      NODE_ENV: 'production',
      PORT: '3900',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: String(POOL_SIZE),
      AUTH_ISSUER_BASE_URL: TEST_ISSUER,
      AUTH_AUDIENCE: TEST_AUDIENCE,
      AUTH_JWKS_URI: issuer.jwksUri,
      FILES_SIGNING_KEY: randomBytes(48).toString('base64'),
      // Every simulated user comes from 127.0.0.1: per-caller and per-address limits would measure themselves.
      RATE_LIMIT_PER_MINUTE: '0',
      AUTH_FAILURE_LIMIT: '0',
      REMINDER_CRON: 'off',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const referenceOptions = JSON.stringify({ databaseUrl, issuer: TEST_ISSUER, audience: TEST_AUDIENCE, jwksUri: issuer.jwksUri, poolSize: POOL_SIZE });
  const startReference = (file: string, profiled: string[] = []) =>
    spawn(process.execPath, [...heapCap, ...profiled, '--import', 'tsx', file], {
      env: { ...process.env, ...trustIssuer, NODE_ENV: 'production', REFERENCE_OPTIONS: referenceOptions },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
  const reference = startReference('bench/reference-server.ts');
  const bare = startReference('bench/bare-nest-server.ts', profile('bare'));
  try {
    const serviceUrl = 'http://127.0.0.1:3900';
    const referenceUrl = await waitForLine(reference);
    const bareUrl = await waitForLine(bare);
    await waitUntilReady(serviceUrl);

    const listPath = () => '/api/solicitudes';
    const scenarios: Scenario[] = [
      { name: 'reference: employee GET /api/solicitudes', target: 'reference', method: 'GET', path: listPath, tokens: employeeTokens, read: true },
      { name: 'bare NestJS: employee GET /api/solicitudes', target: 'bare', method: 'GET', path: listPath, tokens: employeeTokens, read: true },
      { name: 'employee GET /api/solicitudes', target: 'service', method: 'GET', path: listPath, tokens: employeeTokens, read: true },
      {
        name: 'Super Admin GET /api/solicitudes?id_estado=2&busqueda=…',
        target: 'service',
        method: 'GET',
        path: (i) => `/api/solicitudes?id_estado=2&busqueda=${['garcia', 'mudanza', 'medica', 'lopez'][i % 4]}`,
        tokens: superAdminTokens,
        read: true,
      },
      { name: 'GET /api/notificaciones', target: 'service', method: 'GET', path: () => '/api/notificaciones', tokens: employeeTokens, read: true },
      { name: 'GET /api/empleados/me', target: 'service', method: 'GET', path: () => '/api/empleados/me', tokens: employeeTokens, read: true },
      {
        name: 'POST /api/solicitudes/permisos',
        target: 'service',
        method: 'POST',
        path: () => '/api/solicitudes/permisos',
        tokens: employeeTokens,
        // Token i % n with week i / n: every (employee, week) pair is booked once.
        body: (i) => {
          const monday = futureMonday(Math.floor(i / employeeTokens.length));
          return JSON.stringify({ fecha_inicio: monday, fecha_fin: monday, descripcion: 'bench' });
        },
        read: false,
      },
    ];

    const targets = {
      service: { url: serviceUrl, pid: service.pid! },
      reference: { url: referenceUrl, pid: reference.pid! },
      bare: { url: bareUrl, pid: bare.pid! },
    };
    const report = (row: Row) =>
      process.stdout.write(`${row.scenario}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}, RSS ${row.rssMb} MB, ${row.requests} requests served${row.cpuUsPerRequest ? `, ${row.cpuUsPerRequest} µs CPU per request` : ''}\n`);
    const selected = scenarios.filter((scenario) => !process.env.BENCH_ONLY || scenario.name.includes(process.env.BENCH_ONLY));
    const [referenceList, bareList, serviceList, ...others] = scenarios;
    const rows: Row[] = [];
    if (selected.includes(serviceList!)) {
      rows.push(...(await measureAlternating([[targets.reference, referenceList!], [targets.bare, bareList!], [targets.service, serviceList!]])));
      rows.forEach(report);
      const [, bareRow, serviceRow] = rows as [Row, Row, Row];
      reportRounds(bareRow.rounds!, serviceRow.rounds!);
      process.stdout.write(
        `employee list: ${ratioTo(serviceRow, bareRow)} of the bare NestJS app's req/s, ${ratioTo(serviceRow, rows[0]!)} of raw node:http's;` +
          ` CPU per request ${(bareRow.cpuUsPerRequest! / serviceRow.cpuUsPerRequest!).toFixed(2)}× the bare app's efficiency\n`,
      );
    }
    for (const [index, scenario] of others.entries()) {
      if (!selected.includes(scenario)) continue;
      const row = await measure(targets[scenario.target], scenario, (index + 1) * 10_000_000);
      rows.push(row);
      report(row);
    }
    if (!process.env.BENCH_ONLY) writeReport(rows);
  } finally {
    // Exited before the database is dropped: a pool's connection killed under it is an unhandled error.
    await Promise.all([service, reference, bare].map(stopped));
    await issuer.stop();
  }
});

function ratioTo(row: Row, base: Row): string {
  return `${(row.rps / base.rps).toFixed(2)}×`;
}

function writeReport(rows: Row[]): void {
  const [reference, bare, employeeList] = rows;
  const table = [
    '| scenario | req/s | p50 ms | p99 ms | errors | RSS MB | vs raw node:http | vs bare NestJS |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.scenario} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.rssMb} | ${row === bare || row === employeeList ? ratioTo(row, reference!) : ''} | ${row === employeeList ? ratioTo(row, bare!) : ''} |`,
    ),
  ].join('\n');
  const report = [
    `${measuredOn()}; PostgreSQL on the same machine;`,
    `${EMPLOYEES} employees, ${ROWS.toLocaleString('en')} requests, 300 notifications each; autocannon, ${CONNECTIONS} connections,`,
    `${WARMUP_SECONDS} s warm-up, then two runs of ${SECONDS} s per scenario (req/s averaged, latencies the worse run);`,
    `the employee list's three servers alternate in ${ROUNDS} rounds.`,
    '',
    table,
    '',
  ].join('\n');
  writeResults(ROWS === 100_000 ? 'latest.md' : `latest-${ROWS}.md`, table, `# Benchmark\n\n${report}`);
  if (ROWS === 100_000) {
    const readme = readFileSync('README.md', 'utf8');
    const updated = readme.replace(/(<!-- bench:start -->\n)[\s\S]*?(<!-- bench:end -->)/, `$1${report}$2`);
    writeFileSync('README.md', updated);
  }
}
