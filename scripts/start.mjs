// `npm start`: builds when the sources are newer than dist/, then runs the service as production does.
import { join } from 'node:path';
import { buildIfStale, root } from './build-if-stale.mjs';

const entry = join(root, 'dist', 'main.js');
buildIfStale(entry);
// Before the service's modules load, as `node --import` does in production (docs/telemetry.md).
await import(join(root, 'dist', 'telemetry', 'register.js'));
await import(entry);
