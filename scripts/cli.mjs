// `npm run empleados:import` / `vacaciones:asignar` / `archivos:migrar` / `festivos:import` / `migraciones` / `privacidad:aplicar`: `node scripts/cli.mjs <tool> [arguments]` builds
// when the sources are newer than dist/, then runs dist/cli/<tool>.js with the remaining arguments.
import { join } from 'node:path';
import { buildIfStale, root } from './build-if-stale.mjs';

const TOOLS = ['empleados-import', 'vacaciones-asignar', 'archivos-migrar', 'festivos-import', 'migraciones', 'privacidad-aplicar'];

const [tool] = process.argv.splice(2, 1);
if (!TOOLS.includes(tool)) {
  process.stderr.write(`Unknown tool "${tool ?? ''}": one of ${TOOLS.join(', ')}.\n`);
  process.exit(2);
}
const entry = join(root, 'dist', 'cli', `${tool}.js`);
buildIfStale(entry, process.stderr);
// The tool reads its arguments from process.argv.slice(2), as when it runs on its own.
process.argv[1] = entry;
await import(entry);
