import 'reflect-metadata';
import { parseEnvironment } from '../config/environment.js';
import { MAX_CSV_FILAS } from '../dias-festivos/festivos-csv.js';
import { parseArguments } from './cli-args.js';
import { calendarConfig } from '../config/calendar-config.js';
import { withCliDatabase } from './cli-database.js';
import { UsageError } from './cli-errors.js';
import { runCli } from './cli-runner.js';
import { readUtf8File } from './csv.js';
import { importFestivos } from './festivos-import.use-case.js';

const USAGE = `Usage: npm run festivos:import -- <file.csv>

Adds holidays from a UTF-8 CSV file with the header fecha,nombre[,ambito][,comunidad_autonoma][,centro_trabajo][,excluye_nacional]
(any order): ambito nacional (or empty), autonomico with comunidad_autonoma (ES-CT…) or local with
centro_trabajo (a work centre's code); excluye_nacional true drops that date's national holiday in the
community. All rows are written in one transaction or, when any row is invalid, none. Rows whose date and
target already have a holiday are skipped and listed. A file holds at most ${MAX_CSV_FILAS} rows; the same
file can be sent to POST /api/dias-festivos/csv.

Exit code 0 when imported, 1 when the file is rejected or the database fails, 2 for bad arguments.`;

runCli(USAGE, async (argv, output) => {
  const { positionals } = parseArguments(argv, {}, 1);
  const [file] = positionals;
  if (!file) throw new UsageError('Missing the CSV file.');
  const csv = await readUtf8File(file);
  const env = parseEnvironment(process.env);
  await withCliDatabase(env, output, (dataSource) => importFestivos(dataSource, { file, csv, config: calendarConfig(env) }, output));
});
