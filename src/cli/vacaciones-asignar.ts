import 'reflect-metadata';
import { REDONDEO_PRORRATEO } from '../calendario-laboral/prorrateo.js';
import { parseEnvironment } from '../config/environment.js';
import { parseAnio } from '../empleados/empleado-fields.js';
import { ANIO_RULE, DIAS_RULE, parseArguments, parseDias, requiredOption } from './cli-args.js';
import { withCliDatabase } from './cli-database.js';
import { runCli } from './cli-runner.js';
import { asignarVacaciones } from './vacaciones-asignar.use-case.js';

const USAGE = `Usage: npm run vacaciones:asignar -- --anio <YYYY> --dias <n> [--solo-activos] [--prorrateo]

Gives every employee without a vacation allocation for the year one of <n> days. Existing
allocations are left as they are, so running it again changes nothing.

  --anio <YYYY>     the year, ${ANIO_RULE.replace('a year ', '')}
  --dias <n>        the days, ${DIAS_RULE}
  --solo-activos    only active employees
  --prorrateo       <n> is the full-time, full-year entitlement: each employee gets it prorated
                    to their schedules (working days a week over five, each schedule for the days
                    it is in force) and to the part of the year between their fecha_alta and
                    fecha_baja, ${REDONDEO_PRORRATEO};
                    employees not employed on any day of the year get no allocation

Exit code 0 on success, 1 when the database fails, 2 for bad arguments.`;

runCli(USAGE, async (argv, output) => {
  const { values } = parseArguments(argv, { anio: { type: 'string' }, dias: { type: 'string' }, 'solo-activos': { type: 'boolean' }, prorrateo: { type: 'boolean' } }, 0);
  const anio = requiredOption(values.anio, '--anio', parseAnio, ANIO_RULE);
  const dias = requiredOption(values.dias, '--dias', parseDias, DIAS_RULE);
  const env = parseEnvironment(process.env);
  await withCliDatabase(env, output, (dataSource) => asignarVacaciones(dataSource, { anio, dias, soloActivos: values['solo-activos'] ?? false, prorrateo: values.prorrateo ?? false }, output));
});
