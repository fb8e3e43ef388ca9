// `npm start`: builds when the sources are newer than dist/, then runs the service as production does.
import { join } from 'node:path';
import { buildIfStale, root } from './build-if-stale.mjs';

const entry = join(root, 'dist', 'main.js');
buildIfStale(entry);
await import(entry);
