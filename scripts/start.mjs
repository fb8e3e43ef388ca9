// `npm start`: builds when the sources are newer than dist/, then runs the service as production does.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const entry = join(root, 'dist', 'main.js');

function newestSourceTime(dir) {
  return readdirSync(dir, { withFileTypes: true }).reduce((newest, item) => {
    const path = join(dir, item.name);
    return Math.max(newest, item.isDirectory() ? newestSourceTime(path) : statSync(path).mtimeMs);
  }, 0);
}

const sourcesChanged = ['src', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'].some((name) => {
  const path = join(root, name);
  return existsSync(path) && (statSync(path).isDirectory() ? newestSourceTime(path) : statSync(path).mtimeMs) > statSync(entry, { throwIfNoEntry: false })?.mtimeMs;
});

if (!existsSync(entry) || sourcesChanged) {
  process.stdout.write('Building ess-api…\n');
  execFileSync(process.execPath, [join(root, 'node_modules', '@nestjs', 'cli', 'bin', 'nest.js'), 'build'], { cwd: root, stdio: 'inherit' });
}
await import(entry);
