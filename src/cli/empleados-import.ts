import 'reflect-metadata';
import { calendarDateAt } from '../common/calendar-date.js';
import { parseEnvironment } from '../config/environment.js';
import { parseArguments } from './cli-args.js';
import { calendarConfig } from '../config/calendar-config.js';
import { withCliDatabase } from './cli-database.js';
import { UsageError } from './cli-errors.js';
import { runCli } from './cli-runner.js';
import { MAX_FILE_BYTES, readUtf8File } from './csv.js';
import { MAX_IMPORT_ROWS } from './empleados-import-rows.js';
import { importEmpleados } from './empleados-import.use-case.js';

const USAGE = `Usage: npm run empleados:import -- <file.csv> [--dry-run]

Creates and updates employees, matched by idp_oid, and their vacation allocation for a year, from a
UTF-8 CSV file with the header correo,nombre,idp_oid,rol,dias_vacaciones[,anio][,correo_responsable][,centro_trabajo]
[,fecha_alta][,fecha_baja][,jornada] (any order; correo_responsable, the manager's address, in the file or the
database; centro_trabajo, a work centre's code; fecha_alta and fecha_baja, YYYY-MM-DD; jornada, a working
schedule's name, assigned from today when it is not the one in force). All rows
are written in one transaction or, when any row is invalid, none. Never deactivates anyone. A file
holds at most ${MAX_IMPORT_ROWS} rows and ${MAX_FILE_BYTES / 1024 / 1024} MiB.

  --dry-run   check everything and print the counts, then roll back

Exit code 0 when imported, 1 when the file is rejected or the database fails, 2 for bad arguments.`;

runCli(USAGE, async (argv, output) => {
  const { values, positionals } = parseArguments(argv, { 'dry-run': { type: 'boolean' } }, 1);
  const [file] = positionals;
  if (!file) throw new UsageError('Missing the CSV file.');
  const csv = await readUtf8File(file);
  const env = parseEnvironment(process.env);
  const hoy = calendarDateAt(new Date(), env.COMPANY_TIMEZONE);
  await withCliDatabase(env, output, (dataSource) => importEmpleados(dataSource, { file, csv, hoy, dryRun: values['dry-run'] ?? false, config: calendarConfig(env) }, output));
});
