import 'reflect-metadata';
import { resolve } from 'node:path';
import { calendarDateAt } from '../common/calendar-date.js';
import { privacidadSettings, storageSettings } from '../config/app-config.js';
import { parseEnvironment } from '../config/environment.js';
import { AzureBlobStorage } from '../uploads/storage/azure-blob.storage.js';
import { LocalDiskStorage } from '../uploads/storage/local-disk.storage.js';
import { parseArguments } from './cli-args.js';
import { withCliDatabase } from './cli-database.js';
import { runCli } from './cli-runner.js';
import { aplicarPrivacidad } from './privacidad-aplicar.use-case.js';

const USAGE = `Usage: npm run privacidad:aplicar [-- --dry-run]

Runs the daily retention job now (it also runs at PRIVACIDAD_CRON): personal data past its retention
(RETENCION_*_ANIOS) is blocked, set aside where only a legal-reason view reaches it, and blocked data past
BLOQUEO_ANIOS is purged, with its files removed from storage (STORAGE). Prints the rows per kind of data and
per employee id. Running it again the same day changes nothing.

  --dry-run    only lists what would be blocked and purged; nothing is changed

Exit code 0 on success, 1 when the database or the storage fails or another run is in progress, 2 for bad arguments.`;

runCli(USAGE, async (argv, output) => {
  const { values } = parseArguments(argv, { 'dry-run': { type: 'boolean' } }, 0);
  const env = parseEnvironment(process.env);
  await withCliDatabase(env, output, async (dataSource) => {
    const settings = storageSettings(env);
    const storage = settings.kind === 'azure' ? await AzureBlobStorage.open(settings) : new LocalDiskStorage({ uploadsDir: resolve(env.UPLOADS_DIR) });
    const plazos = { privacidad: privacidadSettings(env), companyTimeZone: env.COMPANY_TIMEZONE };
    const hoy = calendarDateAt(new Date(), plazos.companyTimeZone);
    await aplicarPrivacidad({ dataSource, storage, plazos, logger: { warn: (line: string) => output.err(line) } }, { hoy, simulacro: values['dry-run'] ?? false }, output);
  });
});
