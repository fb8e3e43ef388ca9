import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Output } from '../../src/cli/cli-runner.js';
import { reportFailure } from '../../src/cli/cli-runner.js';

export interface ToolRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a use case the way its tool does, in this process: exit code and printed lines as the tool would give them. */
export async function runInProcess(command: (output: Output) => Promise<unknown>): Promise<ToolRun> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const output: Output = { out: (line) => stdout.push(line), err: (line) => stderr.push(line) };
  const code = await command(output).then(
    () => 0,
    (error: unknown) => reportFailure(error, 'usage', output),
  );
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

/**
 * Runs a tool's real entry from its TypeScript source (no build needed) on the test database, or with
 * `env` overriding it (`undefined` removes a variable). Asynchronous on purpose: the embedded test
 * database is served from this very process, which must keep running while the tool talks to it.
 */
export function runTool(tool: 'empleados-import' | 'vacaciones-asignar' | 'archivos-migrar' | 'festivos-import' | 'privacidad-aplicar', args: string[], env: Record<string, string | undefined> = {}): Promise<ToolRun> {
  return runSource(join('src', 'cli', `${tool}.ts`), args, env);
}

/** Runs a TypeScript entry point of the project as its own process; one still running after `timeoutMs` is killed (code null). */
export function runSource(entry: string, args: string[], env: Record<string, string | undefined> = {}, timeoutMs = 60_000): Promise<ToolRun> {
  const merged = Object.fromEntries(Object.entries({ ...process.env, ...env }).filter((pair): pair is [string, string] => pair[1] !== undefined));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      env: merged,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const deadline = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(deadline);
      resolve({ code, stdout, stderr });
    });
  });
}
