import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The emulator's published development account: a well-known key, not a secret. */
const ACCOUNT = 'devstoreaccount1';
const ACCOUNT_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';
const START_TIMEOUT_MS = 30_000;
const LISTENING = /successfully listens on http:\/\/127\.0\.0\.1:(\d+)/;

export interface Azurite {
  connectionString: string;
  stop(): Promise<void>;
}

/**
 * Azurite, Microsoft's Azure Storage emulator, serving the Blob API in memory on a free loopback
 * port: the real SDK against a real Blob service, gone without a trace when stopped.
 */
export async function startAzurite(): Promise<Azurite> {
  const packageJson = createRequire(import.meta.url).resolve('azurite/package.json');
  const main = join(dirname(packageJson), 'dist/src/blob/main.js');
  const child = spawn(
    process.execPath,
    [main, '--inMemoryPersistence', '--blobHost', '127.0.0.1', '--blobPort', '0', '--skipApiVersionCheck', '--disableTelemetry', '--silent'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const port = await listeningPort(child);
  return {
    connectionString:
      `DefaultEndpointsProtocol=http;AccountName=${ACCOUNT};AccountKey=${ACCOUNT_KEY};` + `BlobEndpoint=http://127.0.0.1:${port}/${ACCOUNT};`,
    stop: () => stopChild(child),
  };
}

function listeningPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`Azurite did not listen within ${START_TIMEOUT_MS} ms:\n${output}`)), START_TIMEOUT_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = LISTENING.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout!.off('data', read);
      // Drained from here on, so a full pipe never blocks the emulator.
      child.stdout!.resume();
      child.stderr!.resume();
      resolve(Number(match[1]));
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => fail(new Error(`Azurite exited with ${code} before listening:\n${output}`)));
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
