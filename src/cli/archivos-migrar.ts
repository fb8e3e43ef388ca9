import 'reflect-metadata';
import { resolve } from 'node:path';
import { storageSettings } from '../config/app-config.js';
import { parseEnvironment } from '../config/environment.js';
import { AzureBlobStorage } from '../uploads/storage/azure-blob.storage.js';
import { parseArguments } from './cli-args.js';
import { CliError } from './cli-errors.js';
import { runCli } from './cli-runner.js';
import { migrateUploads } from './archivos-migrar.use-case.js';

const USAGE = `Usage: npm run archivos:migrar

Copies the uploads kept on disk (UPLOADS_DIR/<folder>/<ms>-<name>) into the Azure Blob container
the service uses with STORAGE=azure (AZURE_STORAGE_* settings), under the same names, so stored URLs
keep working. Files already in the container are skipped, so running it again copies only what is
missing; nothing in the container is ever overwritten.

Exit code 0 on success, 1 when the storage fails or a name in the container holds another file,
2 for bad arguments.`;

runCli(USAGE, async (argv, output) => {
  parseArguments(argv, {}, 0);
  const env = parseEnvironment(process.env);
  const storage = storageSettings(env);
  if (storage.kind !== 'azure') throw new CliError('STORAGE must be azure (with AZURE_STORAGE_*): the files are copied into that container.');
  const target = await AzureBlobStorage.open(storage);
  const counts = await migrateUploads(resolve(env.UPLOADS_DIR), target, output);
  if (counts.conflicts.length) throw new CliError(`${counts.conflicts.length} names were left as they are (listed above).`);
});
