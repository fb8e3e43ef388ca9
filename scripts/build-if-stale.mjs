// Builds with `nest build` when `entry` is missing or older than the sources; shared by `npm start`
// and the command-line tools' npm scripts.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..');

function newestSourceTime(dir) {
  return readdirSync(dir, { withFileTypes: true }).reduce((newest, item) => {
    const path = join(dir, item.name);
    return Math.max(newest, item.isDirectory() ? newestSourceTime(path) : statSync(path).mtimeMs);
  }, 0);
}

/**
 * `output` (process.stdout or process.stderr) receives the build's messages: the tools send them to
 * stderr, so that their stdout carries only their result.
 */
export function buildIfStale(entry, output = process.stdout) {
  const sourcesChanged = ['src', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'].some((name) => {
    const path = join(root, name);
    return existsSync(path) && (statSync(path).isDirectory() ? newestSourceTime(path) : statSync(path).mtimeMs) > statSync(entry, { throwIfNoEntry: false })?.mtimeMs;
  });
  if (existsSync(entry) && !sourcesChanged) return;
  output.write('Building ess-api…\n');
  execFileSync(process.execPath, [join(root, 'node_modules', '@nestjs', 'cli', 'bin', 'nest.js'), 'build'], {
    cwd: root,
    stdio: ['ignore', output.fd, 'inherit'],
  });
}
