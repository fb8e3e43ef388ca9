// `npm run bench:accesos`: what the access log costs the hot read paths. On one seeded throw-away PostgreSQL
// database the compiled service runs (production mode) in two arms, side by side:
//   sin-registro  the access log's writer replaced by a no-op (bench/accesos-sin-registro.mjs): the reference
//   registro      the service as shipped: every read of another person's data waits for its entry (group commit)
// Five read paths, each someone else's data: an Admin reading request details and lists, an Admin reading employee
// records, an Admin listing an employee's documents, a manager reading a report's week of time records.
// Each scenario warms both arms up, then alternates them for --rounds rounds (so drifts of the machine hit both
// alike); printed per scenario and arm: the median round's req/s, p50 and p99 and the service's CPU per request,
// and `registro` against `sin-registro` as the median of the rounds' ratios (each round's two arms ran back to
// back). Below the table: the entries the `registro` arm wrote and the INSERTs they took.
//   npm run bench:accesos -- --seconds 8 --rounds 7 --connections 50
import 'reflect-metadata';
import autocannon from 'autocannon';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DataSource } from 'typeorm';
import { runMigrationsWithLock } from '../src/database/migrate.js';
import { buildDataSourceOptions } from '../src/schema/data-source-options.js';
import { ServiceProcess } from '../test/resilience/support/service-process.js';
import { TestIdentityProvider } from '../test/support/test-identity-provider.js';
import { cpuMs } from './fichajes-medidas.js';
import { measuredOn, writeResults } from './report.js';
import { withThrowawayDatabase } from './throwaway-database.js';

const { values: flags } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '5' },
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

interface Arm {
  name: 'sin-registro' | 'registro';
  entry?: string;
}

const ARMS: Arm[] = [{ name: 'sin-registro', entry: resolve('bench/accesos-sin-registro.mjs') }, { name: 'registro', entry: resolve('bench/accesos-con-registro.mjs') }];

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
  const scenarios: Scenario[] = [
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
  const services = new Map<Arm['name'], ServiceProcess>();
  const results = new Map<string, Round[]>();
  const [{ before }] = await db.query(`SELECT coalesce(max(id_acceso), 0) AS before FROM acceso_datos`);
  try {
    for (const arm of ARMS) services.set(arm.name, await ServiceProcess.start(arm.name, { databaseUrl, jwksUri: idp.jwksUri, caFile: idp.caFile, entry: arm.entry }));
    for (const scenario of scenarios) {
      if (WARMUP_SECONDS > 0) for (const arm of ARMS) await load(services.get(arm.name)!, scenario, tokens[scenario.reader], WARMUP_SECONDS);
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const arm of round % 2 === 0 ? ARMS : [...ARMS].reverse()) {
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
  }
  const [{ entries, inserts }] = await db.query(
    `SELECT count(*)::int AS entries, count(DISTINCT xmin::text)::int AS inserts FROM acceso_datos WHERE id_acceso > $1`,
    [before],
  );
  await db.destroy();
  report(scenarios, results, { entries, inserts });
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

/** The median over the rounds of `registro`'s figure against `sin-registro`'s in the same round. */
function medianRatio(logged: Round[], reference: Round[], figure: (round: Round) => number): string {
  const ratios = logged.map((round, i) => figure(round) / figure(reference[i]!)).sort((a, b) => a - b);
  return `${ratios[Math.floor(ratios.length / 2)]!.toFixed(2)}×`;
}

function report(scenarios: Scenario[], results: Map<string, Round[]>, written: { entries: number; inserts: number }): void {
  const rows = scenarios.flatMap((scenario) => {
    const reference = results.get(`${scenario.name}\u0000sin-registro`)!;
    return ARMS.map((arm) => {
      const rounds = results.get(`${scenario.name}\u0000${arm.name}`)!;
      const r = median(rounds);
      const versus =
        arm.name === 'registro'
          ? (['rps', 'p50', 'p99', 'cpuUsPerRequest'] as const).map((figure) => medianRatio(rounds, reference, (round) => round[figure])).join(' | ')
          : '– | – | – | –';
      return `| ${scenario.name} | ${arm.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.cpuUsPerRequest.toFixed(0)} | ${versus} | ${r.errors} |`;
    });
  });
  const table = [
    '| read path | arm | req/s | p50 ms | p99 ms | CPU µs/request | req/s vs sin-registro | p50 vs | p99 vs | CPU vs | errors |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  const batching = `The registro arm wrote ${written.entries.toLocaleString('en')} entries in ${written.inserts.toLocaleString('en')} INSERTs (${(written.entries / Math.max(written.inserts, 1)).toFixed(1)} entries per INSERT).`;
  const text = [
    `${measuredOn()}; PostgreSQL and the load generator (autocannon) on the same machine.`,
    `Both arms run at once as two instances of the compiled service (production mode, LOG_LEVEL=warn) on one database seeded with`,
    `${EMPLOYEES.toLocaleString('en')} employees (a pending request and ${DOCUMENTS_EACH} documents each) and a manager of ${TEAM} with two records a day over ${WEEK_DAYS} days.`,
    `Per scenario: ${WARMUP_SECONDS} s of warm-up per arm, then ${ROUNDS} rounds of ${SECONDS} s per arm, alternating, ${CONNECTIONS} connections; the round with the median req/s is shown,`,
    'and each "vs" column is the median over the rounds of registro against sin-registro in the same round.',
    '',
    table,
    '',
    batching,
    '',
  ].join('\n');
  process.stdout.write(`${batching}\n`);
  writeResults('accesos.md', table, `# Benchmark: the access log on the hot read paths\n\n${text}`);
}
