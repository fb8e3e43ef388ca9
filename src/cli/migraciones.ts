import 'reflect-metadata';
import { parseEnvironment } from '../config/environment.js';
import { parseArguments } from './cli-args.js';
import { withCliConnection } from './cli-database.js';
import { UsageError } from './cli-errors.js';
import { runCli } from './cli-runner.js';
import { revertLastMigration, showMigrations } from './migraciones.use-case.js';

const USAGE = `Usage: node dist/cli/migraciones.js <show|revert>   (from the sources: npm run migraciones -- <show|revert>)

Manages the schema of the service's database (DATABASE_URL, else the embedded one in DATA_DIR) with the
migrations compiled into this version; it never applies them (the service does, when it starts).

  show      every migration: [x] applied, [ ] pending, [?] applied by a newer version
  revert    undoes the newest applied migration with this version's down step, in one transaction;
            run it with the version that applied that migration, once no instance of it runs

Exit code 0 on success, 1 when the database fails or the migration is not this version's, 2 for bad arguments.`;

const COMMANDS = { show: showMigrations, revert: revertLastMigration };

runCli(USAGE, async (argv, output) => {
  const { positionals } = parseArguments(argv, {}, 1);
  const [name] = positionals;
  if (!name) throw new UsageError('Missing the command: show or revert.');
  if (!Object.hasOwn(COMMANDS, name)) throw new UsageError(`Unknown command "${name}": show or revert.`);
  const command = COMMANDS[name as keyof typeof COMMANDS];
  await withCliConnection(parseEnvironment(process.env), (dataSource) => command(dataSource, output));
});
