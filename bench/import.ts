// `npm run bench:import`: how long `npm run empleados:import` takes on a generated file of
// BENCH_IMPORT_ROWS (default 10,000) employees: a first import into a freshly migrated database, the
// same file again (nothing changes), and a file where every name changed. Runs the compiled tool as an
// operator would, on a throw-away database on the local PostgreSQL (or DATABASE_URL's server) and on
// the embedded database in a fresh data directory. Prints a table and writes bench/results/import.md.
import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../src/schema/data-source-options.js';
import { startEmbeddedPostgres } from '../src/database/embedded/embedded-postgres.js';
import { runMigrationsWithLock } from '../src/database/migrate.js';
import { measuredOn, writeResults } from './report.js';
import { withThrowawayDatabase } from './throwaway-database.js';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const ROLES = ['Empleado', 'Administrador', 'Super Administrador'];

interface Row {
  database: string;
  first: number;
  again: number;
  changed: number;
}

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'ess-bench-import-'));

/** Employee i of the file; `nombre` lets the third run change every row. */
function writeFile(name: string, oids: string[], nombre: string): string {
  const lines = oids.map((oid, i) => `persona${i}@bench.example,"${nombre} ${i}, Apellido",${oid},${ROLES[i % 3]},${20 + (i % 8) / 4}`);
  const path = join(dir, name);
  writeFileSync(path, `correo,nombre,idp_oid,rol,dias_vacaciones\n${lines.join('\n')}\n`);
  return path;
}

/** Wall-clock seconds of one run of the compiled tool, which must succeed with `expected` in its output. */
async function timeImport(path: string, env: NodeJS.ProcessEnv, expected: string): Promise<number> {
  const start = performance.now();
  const { stdout } = await run(process.execPath, ['dist/cli/empleados-import.js', path], { env: { ...process.env, ...env } });
  const seconds = (performance.now() - start) / 1000;
  if (!stdout.includes(expected)) throw new Error(`unexpected output: ${stdout}`);
  process.stdout.write(`  ${stdout.trim()} ${seconds.toFixed(2)} s\n`);
  return seconds;
}

async function measure(database: string, env: NodeJS.ProcessEnv, files: string[]): Promise<Row> {
  process.stdout.write(`${database}\n`);
  return {
    database,
    first: await timeImport(files[0]!, env, `${ROWS} created`),
    again: await timeImport(files[0]!, env, `${ROWS} unchanged`),
    changed: await timeImport(files[1]!, env, `${ROWS} updated`),
  };
}

/** Applies the migrations, so that the first import measures the import; answers the server's version. */
async function prepare(url: string): Promise<string> {
  const db = await new DataSource(buildDataSourceOptions({ url, poolSize: 1 })).initialize();
  try {
    await runMigrationsWithLock(db);
    const [{ version }] = await db.query(`SELECT current_setting('server_version') AS version`);
    return version;
  } finally {
    await db.destroy();
  }
}

try {
  const oids = Array.from({ length: ROWS }, () => randomUUID());
  const files = [writeFile('empleados.csv', oids, 'Persona'), writeFile('renombrados.csv', oids, 'Renombrada')];
  const rows: Row[] = [];

  await withThrowawayDatabase('ess_bench_import', async (url) => {
    const version = await prepare(url);
    rows.push(await measure(`PostgreSQL ${version.split(' ')[0]}, throw-away database`, { DATABASE_URL: url }, files));
  });

  const dataDir = join(dir, 'data');
  const embedded = await startEmbeddedPostgres(join(dataDir, 'pgdata'));
  const version = await prepare(embedded.url).finally(() => embedded.stop());
  rows.push(await measure(`embedded PGlite (PostgreSQL ${version.split(' ')[0]}), fresh data directory`, { DATABASE_URL: '', DATA_DIR: dataDir }, files));

  writeReport(rows);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

function writeReport(rows: Row[]): void {
  const table = [
    `| database | first import s | same file again s | every name changed s |`,
    '|---|---|---|---|',
    ...rows.map((row) => `| ${row.database} | ${row.first.toFixed(2)} | ${row.again.toFixed(2)} | ${row.changed.toFixed(2)} |`),
  ].join('\n');
  const report = [
    '# Import benchmark',
    '',
    `${measuredOn()}; the PostgreSQL server on the same machine.`,
    `\`node dist/cli/empleados-import.js\` on a generated file of ${ROWS.toLocaleString('en')} employees (three roles, fractional days),`,
    'wall-clock seconds per run including process start, connection and the transaction; the database is',
    'migrated beforehand, so the first run measures the import, not the migrations.',
    '',
    table,
    '',
  ].join('\n');
  writeResults(ROWS === 10_000 ? 'import.md' : `import-${ROWS}.md`, table, report);
}
