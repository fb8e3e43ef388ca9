// `npm run bench:correo`: what the e-mail outbox costs and how fast it drains. On one seeded throw-away
// PostgreSQL database the compiled service runs (production mode, one instance at a time) in three arms:
//   off       no MAIL_TRANSPORT: approvals notify in-app only (the reference)
//   on        MAIL_TRANSPORT=smtp to an SMTP server in this process, SMTP_URL as an operator writes it: the
//             service keeps one connection open between e-mails (its default)
//   unpooled  the same with `?pool=false` on SMTP_URL: nodemailer opens one connection per e-mail
// In each arm an Admin approves --count pending requests (IN_FLIGHT at a time) through the API; every
// approval writes an APROBACION notification, and with e-mail on its e-mail job, in its transaction.
// Printed per arm: the approval's p50/p99 and the service's CPU per approval, each against `off` in
// the same run, and with e-mail on the drain: from the first approval until the server holds every
// Message-ID, e-mails per second, and any Message-ID that arrived twice.
//   npm run bench:correo -- --count 10000 --arms off,on,unpooled
import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { DataSource } from 'typeorm';
import { runMigrationsWithLock } from '../src/database/migrate.js';
import { buildDataSourceOptions } from '../src/schema/data-source-options.js';
import { RecordingSmtpServer } from '../test/resilience/support/recording-smtp-server.js';
import { ServiceProcess } from '../test/resilience/support/service-process.js';
import { mondayInWeeks } from '../test/support/dates.js';
import { TestIdentityProvider } from '../test/support/test-identity-provider.js';
import { cpuMs } from './fichajes-medidas.js';
import { measuredOn, percentile, writeResults } from './report.js';
import { withThrowawayDatabase } from './throwaway-database.js';

const { values: flags } = parseArgs({ options: { count: { type: 'string', default: '10000' }, arms: { type: 'string', default: 'off,on,unpooled' } } });
const COUNT = Number(flags.count);
if (!Number.isInteger(COUNT) || COUNT < 1 || COUNT > 1_000_000) throw new Error('--count must be an integer from 1 to 1000000');
const ARM_NAMES = flags.arms.split(',');
/** Concurrent approvals, as a busy morning of a few Admins at once. */
const IN_FLIGHT = 10;
/** Approvals before the measured ones in each arm, their e-mails delivered before measuring: the service's code warmed up. */
const WARMUP = 200;
/** How long an arm may take to drain before it is reported as not drained. */
const DRAIN_LIMIT_MS = 60 * 60_000;
const MAIL_FROM = 'Portal del Empleado <portal@empresa.es>';

interface Arm {
  name: string;
  label: string;
  /** SMTP_URL's query beyond the EHLO name; null: e-mail off. */
  smtp: string | null;
}

const ARMS: Arm[] = [
  { name: 'off', label: 'e-mail off (reference)', smtp: null },
  { name: 'on', label: 'e-mail on, SMTP_URL as is (one connection kept open)', smtp: '' },
  // Last: the longest to drain.
  { name: 'unpooled', label: 'e-mail on, SMTP_URL `?pool=false` (a connection per e-mail)', smtp: '&pool=false' },
];

interface Measured {
  arm: Arm;
  p50: number;
  p99: number;
  rps: number;
  cpuUsPerApproval: number;
  errors: number;
  /** `cpuUsEndToEnd`: the service's CPU from the first approval until every e-mail arrived, per approval: an approval and its e-mail. */
  drain?: { ms: number; afterLastApprovalMs: number; arrived: number; twice: number; drained: boolean; cpuUsEndToEnd: number };
}

await withThrowawayDatabase('op_bench_correo', async (databaseUrl) => {
  const arms = ARMS.filter((arm) => ARM_NAMES.includes(arm.name));
  const db = await new DataSource(buildDataSourceOptions({ url: databaseUrl, poolSize: 2 })).initialize();
  await runMigrationsWithLock(db);
  const requestsOf = await seed(db, arms, WARMUP + COUNT);
  const [{ idp_oid: adminOid }] = await db.query(`SELECT idp_oid FROM empleado WHERE correo = 'admin@empresa.es'`);

  const idp = await TestIdentityProvider.startHttps();
  const smtp = await RecordingSmtpServer.start();
  const token = await idp.token(adminOid);
  const results: Measured[] = [];
  try {
    for (const arm of arms) {
      const mail: Record<string, string> = arm.smtp === null ? {} : { MAIL_TRANSPORT: 'smtp', SMTP_URL: smtp.urlFor(`bench-${arm.name}`) + arm.smtp, MAIL_FROM };
      const service = await ServiceProcess.start(arm.name, { databaseUrl, jwksUri: idp.jwksUri, caFile: idp.caFile, env: { ...mail, APP_BASE_URL: 'https://portal.empresa.es' } });
      try {
        const [warmup, measured] = [requestsOf.get(arm.name)!.slice(0, WARMUP), requestsOf.get(arm.name)!.slice(WARMUP)];
        process.stderr.write(`${arm.label}: ${WARMUP} approvals to warm up, then ${COUNT} measured…\n`);
        await measure(arm, service, warmup, token, db, smtp);
        const result = await measure(arm, service, measured, token, db, smtp);
        process.stderr.write(`  ${JSON.stringify({ ...result, arm: arm.name })}\n`);
        results.push(result);
      } finally {
        await service.stop();
      }
    }
  } finally {
    await smtp.close();
    await idp.stop();
    await db.destroy();
  }
  report(results);
});

/** An Admin, and per arm `count` employees with a pending one-day vacation request each; answers each arm's request ids. */
async function seed(db: DataSource, arms: Arm[], count: number): Promise<Map<string, number[]>> {
  await db.query(`INSERT INTO empleado (correo, nombre, id_rol, idp_oid) VALUES ('admin@empresa.es', 'Marta Admin', 2, 'bench-admin')`);
  const dia = mondayInWeeks(4);
  const requests = new Map<string, number[]>();
  for (const arm of arms) {
    const rows: { id_solicitud: number }[] = await db.query(
      `WITH e AS (
         INSERT INTO empleado (correo, nombre, id_rol, idp_oid)
         SELECT 'bench-' || $1 || '-' || i || '@empresa.es', 'Persona ' || i, 1, 'bench-' || $1 || '-' || i FROM generate_series(1, $2) i
         RETURNING id_empleado),
       v AS (INSERT INTO vacaciones (id_empleado, anio, dias_asignados) SELECT id_empleado, extract(year FROM $3::date)::int, 22 FROM e)
       INSERT INTO solicitud (id_empleado, id_tipo_solicitud, fecha_inicio, fecha_fin, dias_solicitados, fecha_referencia)
       SELECT id_empleado, 1, $3::date, $3::date, 1, $3::date FROM e ORDER BY id_empleado
       RETURNING id_solicitud`,
      [arm.name, count, dia],
    );
    requests.set(arm.name, rows.map((row) => row.id_solicitud));
  }
  await db.query('VACUUM ANALYZE');
  return requests;
}

async function measure(arm: Arm, service: ServiceProcess, solicitudes: number[], token: string, db: DataSource, smtp: RecordingSmtpServer): Promise<Measured> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const cpuBefore = cpuMs(service.pid);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      for (let i = next++; i < solicitudes.length; i = next++) {
        const sent = performance.now();
        const response = await fetch(`${service.url}/api/solicitudes/${solicitudes[i]}/aprobar`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: '{}',
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - sent);
        if (response.status !== 200) errors += 1;
      }
    }),
  );
  const approvedMs = performance.now() - started;
  // The approvals' CPU, the sending that ran alongside them included (the instance does both).
  const cpuUsPerApproval = ((cpuMs(service.pid) - cpuBefore) * 1000) / solicitudes.length;
  latencies.sort((a, b) => a - b);
  const measured: Measured = { arm, p50: percentile(latencies, 50), p99: percentile(latencies, 99), rps: solicitudes.length / (approvedMs / 1000), cpuUsPerApproval, errors };
  if (arm.smtp === null) return measured;

  const rows: { id_notificacion: number }[] = await db.query('SELECT id_notificacion FROM notificacion WHERE id_solicitud = ANY($1) AND id_tipo_notificacion = 1', [solicitudes]);
  const expected = rows.map((row) => `<notificacion-${row.id_notificacion}@empresa.es>`);
  const arrivedCount = () => [...smtp.countsOf(expected).values()].filter((n) => n > 0).length;
  let lastProgress = performance.now();
  let arrived = arrivedCount();
  while (arrived < expected.length && performance.now() - started < DRAIN_LIMIT_MS) {
    await sleep(100);
    arrived = arrivedCount();
    if (performance.now() - lastProgress > 30_000) {
      process.stderr.write(`  ${arrived} of ${expected.length} e-mails after ${Math.round((performance.now() - started) / 1000)} s\n`);
      lastProgress = performance.now();
    }
  }
  const drainedAt = performance.now();
  const twice = [...smtp.countsOf(expected).values()].filter((n) => n > 1).length;
  const cpuUsEndToEnd = ((cpuMs(service.pid) - cpuBefore) * 1000) / solicitudes.length;
  measured.drain = { ms: drainedAt - started, afterLastApprovalMs: drainedAt - started - approvedMs, arrived, twice, drained: arrived === expected.length, cpuUsEndToEnd };
  return measured;
}

function report(results: Measured[]): void {
  const reference = results.find((result) => result.arm.name === 'off');
  const versus = (value: number, base: number | undefined) => (base ? `${(value / base).toFixed(2)}×` : '–');
  const table = [
    '| arm | approvals/s | p50 ms | p99 ms | CPU µs/approval | p50 vs off | p99 vs off | CPU vs off | errors | e-mails arrived | drained in s | after last approval s | e-mails/s | twice | CPU µs/approval + its e-mail | vs off |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...results.map((r) => {
      const drain = r.drain
        ? `${r.drain.arrived}${r.drain.drained ? '' : ' (not drained)'} | ${(r.drain.ms / 1000).toFixed(1)} | ${(r.drain.afterLastApprovalMs / 1000).toFixed(1)} | ${(r.drain.arrived / (r.drain.ms / 1000)).toFixed(1)} | ${r.drain.twice} | ${r.drain.cpuUsEndToEnd.toFixed(0)} | ${versus(r.drain.cpuUsEndToEnd, reference?.cpuUsPerApproval)}`
        : '– | – | – | – | – | – | –';
      return (
        `| ${r.arm.label} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.cpuUsPerApproval.toFixed(0)} | ` +
        `${versus(r.p50, reference?.p50)} | ${versus(r.p99, reference?.p99)} | ${versus(r.cpuUsPerApproval, reference?.cpuUsPerApproval)} | ${r.errors} | ${drain} |`
      );
    }),
  ].join('\n');
  const text = [
    `${measuredOn()}; PostgreSQL on the same machine; the SMTP server (smtp-server, which greets 100 ms after a`,
    `connection opens) and the HTTP client in the benchmark's process. Per arm: one instance (production mode,`,
    `JOBS_POLLING_INTERVAL_SECONDS=2 default), ${WARMUP} approvals to warm up (their e-mails delivered first), then`,
    `${COUNT.toLocaleString('en')} approvals by one Admin, ${IN_FLIGHT} in flight;`,
    'latencies over all approvals of the arm; CPU of the service process over the approvals (the sending that ran alongside',
    'included), and from the first approval until the last e-mail arrived (an approval and its e-mail).',
    '',
    table,
    '',
  ].join('\n');
  writeResults('correo.md', table, `# Benchmark: the e-mail outbox\n\n${text}`);
}
