// `npm run bench:accesos`: what the access log costs the hot read paths. On one seeded throw-away PostgreSQL
// database the compiled service runs (production mode) in three arms, side by side:
//   antes         the last commit before the access log (ANTES), built in a temporary directory: today's speed,
//                 which the read paths must stay within 10 % of
//   sin-registro  this version with the access log's writer replaced by a no-op (bench/accesos-sin-registro.mjs)
//   registro      this version as shipped: every read of another person's data waits for its entry (group commit)
// Five read paths, each someone else's data: an Admin reading request details and lists, an Admin reading employee
// records, an Admin listing an employee's documents, a manager reading a report's week of time records.
// Each scenario warms the arms up, then runs them one after the other for --rounds rounds, the order turning each
// round (so drifts of the machine hit all alike); printed per scenario and arm: the median round's req/s, p50 and
// p99 and the service's CPU per request, and `registro` against `antes` and against `sin-registro` as the median of
// the rounds' ratios (a round's arms ran back to back). Below the table: the entries the `registro` arm wrote and
// the INSERTs they took.
//   npm run bench:accesos -- --seconds 4 --rounds 7 --connections 50 [--only 'request detail']
import 'reflect-metadata';
import autocannon from 'autocannon';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DataSource } from 'typeorm';
import { runMigrationsWithLock } from '../src/database/migrate.js';
import { buildDataSourceOptions } from '../src/schema/data-source-options.js';
import { ServiceProcess } from '../test/resilience/support/service-process.js';
import { prepareRelease } from '../test/upgrade/support/previous-release.js';
import { TestIdentityProvider } from '../test/support/test-identity-provider.js';
import { cpuMs } from './fichajes-medidas.js';
import { measuredOn, writeResults } from './report.js';
import { withThrowawayDatabase } from './throwaway-database.js';

const { values: flags } = parseArgs({
  options: {
    seconds: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '5' },
    /** Only the read paths whose name holds this text. */
    only: { type: 'string' },
    connections: { type: 'string', default: '50' },
  },
});
const SECONDS = boundedInteger('seconds', flags.seconds, 1, 600);
const ROUNDS = boundedInteger('rounds', flags.rounds, 1, 50);
const CONNECTIONS = boundedInteger('connections', flags.connections, 1, 500);
/** The service's JIT and each connection's prepared statements settle over the first seconds of load. */
const WARMUP_SECONDS = boundedInteger('warmup', flags.warmup, 0, 600);
/** Employees whose data is read: each scenario cycles over them, so reads are spread as in a working day. */
const EMPLOYEES = 1_000;
/** A manager's reports, whose records the team scenario reads. */
const TEAM = 50;
const DOCUMENTS_EACH = 5;
/** The team scenario's period: a working week, records on each of its days. */
const WEEK_DAYS = 5;

/** Today's speed: the last commit before the access log (issue 25). */
const ANTES = { name: 'antes', commit: 'e043783f9adcfd50276a5e5691c2cc9e52440f8b', foundBy: 'release file' } as const;

interface Arm {
  name: 'antes' | 'sin-registro' | 'registro';
  entry: string;
  cwd?: string;
}

interface Scenario {
  name: string;
  reader: 'admin' | 'manager';
  path: (i: number) => string;
}

interface Round {
  rps: number;
  p50: number;
  p99: number;
  cpuUsPerRequest: number;
  errors: number;
}

function boundedInteger(name: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${name} must be an integer from ${min} to ${max}`);
  return n;
}

await withThrowawayDatabase('op_bench_accesos', async (databaseUrl) => {
  const db = await new DataSource(buildDataSourceOptions({ url: databaseUrl, poolSize: 2 })).initialize();
  await runMigrationsWithLock(db);
  const world = await seed(db);
  const idp = await TestIdentityProvider.startHttps();
  const tokens = { admin: await idp.token('bench-admin'), manager: await idp.token('bench-manager') };
  const allScenarios: Scenario[] = [
    { name: 'request detail (Admin)', reader: 'admin', path: (i) => `/api/solicitudes/${world.solicitudes[i % world.solicitudes.length]}` },
    // Ten requests of ten other employees a page: one INSERT of ten entries per read.
    { name: 'request list, pages of 10 (Admin)', reader: 'admin', path: (i) => `/api/solicitudes?pagina=${1 + (i % (EMPLOYEES / 10))}` },
    { name: 'employee detail (Admin)', reader: 'admin', path: (i) => `/api/empleados/${world.empleados[i % world.empleados.length]}` },
    { name: 'documents of an employee (Admin)', reader: 'admin', path: (i) => `/api/documentos?id_empleado=${world.empleados[i % world.empleados.length]}` },
    {
      name: "a report's week of time records (manager)",
      reader: 'manager',
      path: (i) => `/api/fichajes?id_empleado=${world.equipo[i % world.equipo.length]}&desde=${world.desde}&hasta=${world.hasta}`,
    },
  ];
  const scenarios = allScenarios.filter((scenario) => scenario.name.includes(flags.only ?? ''));
  const antes = prepareRelease(resolve('.'), ANTES);
  const arms: Arm[] = [
    { name: 'antes', entry: join(antes.dir, 'dist', 'main.js'), cwd: antes.dir },
    { name: 'sin-registro', entry: resolve('bench/accesos-sin-registro.mjs') },
    { name: 'registro', entry: resolve('bench/accesos-con-registro.mjs') },
  ];
  const services = new Map<Arm['name'], ServiceProcess>();
  const results = new Map<string, Round[]>();
  const [{ before }] = await db.query(`SELECT coalesce(max(id_acceso), 0) AS before FROM acceso_datos`);
  try {
    for (const arm of arms) services.set(arm.name, await ServiceProcess.start(arm.name, { databaseUrl, jwksUri: idp.jwksUri, caFile: idp.caFile, entry: arm.entry, cwd: arm.cwd }));
    for (const scenario of scenarios) {
      if (WARMUP_SECONDS > 0) for (const arm of arms) await load(services.get(arm.name)!, scenario, tokens[scenario.reader], WARMUP_SECONDS);
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const arm of [...arms.slice(round % arms.length), ...arms.slice(0, round % arms.length)]) {
          const measured = await load(services.get(arm.name)!, scenario, tokens[scenario.reader], SECONDS);
          process.stderr.write(`${scenario.name} · ${arm.name} · round ${round + 1}: ${JSON.stringify(measured)}\n`);
          const key = `${scenario.name}\u0000${arm.name}`;
          results.set(key, [...(results.get(key) ?? []), measured]);
        }
      }
    }
  } finally {
    for (const service of services.values()) await service.stop();
    await idp.stop();
    antes.remove();
  }
  const [{ entries, inserts }] = await db.query(
    `SELECT count(*)::int AS entries, count(DISTINCT xmin::text)::int AS inserts FROM acceso_datos WHERE id_acceso > $1`,
    [before],
  );
  await db.destroy();
  report(scenarios, arms, results, { entries, inserts });
});

/** An Admin, a manager of TEAM, EMPLOYEES employees each with a pending request and documents, the team's records over a week. */
async function seed(db: DataSource): Promise<{ solicitudes: number[]; empleados: number[]; equipo: number[]; desde: string; hasta: string }> {
  const [{ id_empleado: admin }] = await db.query(`INSERT INTO empleado (correo, nombre, id_rol, idp_oid) VALUES ('admin@empresa.es', 'Marta Admin', 2, 'bench-admin') RETURNING id_empleado`);
  const [{ id_empleado: manager }] = await db.query(`INSERT INTO empleado (correo, nombre, id_rol, idp_oid) VALUES ('jefa@empresa.es', 'Jefa', 1, 'bench-manager') RETURNING id_empleado`);
  const empleados: number[] = (
    await db.query(
      `INSERT INTO empleado (correo, nombre, id_rol, idp_oid, id_responsable, telefono, direccion)
       SELECT 'persona' || i || '@empresa.es', 'Persona ' || i, 1, 'bench-' || i, CASE WHEN i <= $2 THEN $3::int END, '+34 600 000 000', 'Calle Mayor ' || i
         FROM generate_series(1, $1) i ORDER BY i RETURNING id_empleado`,
      [EMPLOYEES, TEAM, manager],
    )
  ).map((row: { id_empleado: number }) => row.id_empleado);
  const anio = new Date().getUTCFullYear();
  await db.query(`INSERT INTO vacaciones (id_empleado, anio, dias_asignados) SELECT unnest($1::int[]), $2, 22`, [empleados, anio]);
  const solicitudes: number[] = (
    await db.query(
      `INSERT INTO solicitud (id_empleado, id_tipo_solicitud, fecha_inicio, fecha_fin, dias_solicitados, fecha_referencia)
       SELECT e, 1, current_date + 30, current_date + 30, 1, current_date + 30 FROM unnest($1::int[]) e RETURNING id_solicitud`,
      [empleados],
    )
  ).map((row: { id_solicitud: number }) => row.id_solicitud);
  await db.query(
    `INSERT INTO documento (id_empleado, titulo, url, id_autor)
     SELECT e, 'Nómina ' || n, 'https://intranet.empresa.es/nominas/' || e || '-' || n || '.pdf', $2 FROM unnest($1::int[]) e, generate_series(1, $3) n`,
    [empleados, admin, DOCUMENTS_EACH],
  );
  const desde = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const hasta = new Date(Date.now() - (7 - WEEK_DAYS + 1) * 86_400_000).toISOString().slice(0, 10);
  const equipo = empleados.slice(0, TEAM);
  // An entry at 08:00 and an exit at 16:00 on each day; the hash is random (the chain is not what is read here).
  await db.query(
    `INSERT INTO fichaje (id_empleado, tipo, modalidad, instante, fecha, hash)
     SELECT e, t.tipo, 'presencial', d + t.hora, d::date, decode(md5(random()::text) || md5(random()::text), 'hex')
       FROM unnest($1::int[]) e, generate_series($2::date, $3::date, interval '1 day') d,
            (VALUES ('entrada', interval '8 hours'), ('salida', interval '16 hours')) t(tipo, hora)
      ORDER BY e, d, t.hora`,
    [equipo, desde, hasta],
  );
  await db.query('VACUUM ANALYZE');
  return { solicitudes, empleados, equipo, desde, hasta };
}

async function load(service: ServiceProcess, scenario: Scenario, token: string, seconds: number): Promise<Round> {
  let counter = 0;
  const cpuBefore = cpuMs(service.pid);
  const result = await autocannon({
    url: service.url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ setupRequest: (request) => ({ ...request, method: 'GET', path: scenario.path(counter++), headers: { authorization: `Bearer ${token}` } }) }],
  });
  const served = result.requests.total;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuUsPerRequest: served ? ((cpuMs(service.pid) - cpuBefore) * 1000) / served : 0,
    errors: result.non2xx + result.errors,
  };
}

/** The round with the median req/s: one real run, not a mix of figures from different runs. */
function median(rounds: Round[]): Round {
  return [...rounds].sort((a, b) => a.rps - b.rps)[Math.floor(rounds.length / 2)]!;
}

/** The median over the rounds of one arm's figure against another's in the same round. */
function medianRatio(rounds: Round[], reference: Round[], figure: (round: Round) => number): string {
  const ratios = rounds.map((round, i) => figure(round) / figure(reference[i]!)).sort((a, b) => a - b);
  return `${ratios[Math.floor(ratios.length / 2)]!.toFixed(2)}×`;
}

function report(scenarios: Scenario[], arms: Arm[], results: Map<string, Round[]>, written: { entries: number; inserts: number }): void {
  const roundsOf = (scenario: Scenario, arm: Arm['name']) => results.get(`${scenario.name}\u0000${arm}`)!;
  const rows = scenarios.flatMap((scenario) =>
    arms.map((arm) => {
      const rounds = roundsOf(scenario, arm.name);
      const r = median(rounds);
      const versus =
        arm.name === 'registro'
          ? [
              medianRatio(rounds, roundsOf(scenario, 'antes'), (round) => round.rps),
              medianRatio(rounds, roundsOf(scenario, 'sin-registro'), (round) => round.rps),
              medianRatio(rounds, roundsOf(scenario, 'sin-registro'), (round) => round.cpuUsPerRequest),
            ].join(' | ')
          : '– | – | –';
      return `| ${scenario.name} | ${arm.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.cpuUsPerRequest.toFixed(0)} | ${versus} | ${r.errors} |`;
    }),
  );
  const table = [
    '| read path | arm | req/s | p50 ms | p99 ms | CPU µs/request | req/s vs antes | req/s vs sin-registro | CPU vs sin-registro | errors |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  const batching = `The registro arm wrote ${written.entries.toLocaleString('en')} entries in ${written.inserts.toLocaleString('en')} INSERTs (${(written.entries / Math.max(written.inserts, 1)).toFixed(1)} entries per INSERT).`;
  const text = [
    `${measuredOn()}; PostgreSQL and the load generator (autocannon) on the same machine.`,
    `The three arms run at once as instances of the compiled service (production mode, LOG_LEVEL=warn): antes is commit ${ANTES.commit.slice(0, 7)}, the last before the access log; all on one database seeded with`,
    `${EMPLOYEES.toLocaleString('en')} employees (a pending request and ${DOCUMENTS_EACH} documents each) and a manager of ${TEAM} with two records a day over ${WEEK_DAYS} days.`,
    `Per scenario: ${WARMUP_SECONDS} s of warm-up per arm, then ${ROUNDS} rounds of ${SECONDS} s per arm, the order turning each round, ${CONNECTIONS} connections; the round with the median req/s is shown,`,
    'and each "vs" column is the median over the rounds of registro against the other arm in the same round.',
    '',
    table,
    '',
    batching,
    '',
  ].join('\n');
  process.stdout.write(`${batching}\n`);
  writeResults('accesos.md', table, `# Benchmark: the access log on the hot read paths\n\n${text}`);
}
