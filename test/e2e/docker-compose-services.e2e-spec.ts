import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { Redis } from 'ioredis';
import { buildAppConfig } from '../../src/config/app-config.js';
import { parseEnvironment } from '../../src/config/environment.js';
import { AzureBlobStorage, type AzureStorageSettings } from '../../src/uploads/storage/azure-blob.storage.js';
import { type ComposeFile, filledEnv, loadCompose } from '../support/compose-file.js';
import { imageEnvironment } from '../support/deployment-environment.js';
import { freePort } from '../support/free-port.js';
import { waitFor } from '../support/wait-for.js';

function listens(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket.end() && true));
    socket.on('error', () => resolve(false));
  });
}

/** An inline PING on a fresh connection: Redis's first answer line. */
function pingWithoutPassword(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
    socket.setEncoding('utf8');
    socket.once('data', (answer: string) => resolve(answer.split('\r\n')[0]!));
    socket.once('data', () => socket.destroy());
    socket.on('error', reject);
  });
}

/**
 * The images cannot be pulled here, but Redis and Azurite are on this machine: each is started with
 * docker-compose.yml's own command and environment (only its address moved to a free loopback port),
 * and the API's settings from the same file reach it through the service's own code.
 */
describe("docker-compose.yml's Redis and Azurite, started with the file's commands", () => {
  const compose: ComposeFile = loadCompose(filledEnv());
  const { api, redis, azurite } = compose.services as Required<ComposeFile['services']>;
  const apiConfig = (hosts: Record<string, string>) => {
    const environment = Object.fromEntries(
      Object.entries({ ...imageEnvironment(), ...api!.environment }).map(([name, value]) => [
        name,
        Object.entries(hosts).reduce((moved, [from, to]) => moved.replaceAll(from, to), value),
      ]),
    );
    return buildAppConfig(parseEnvironment(environment), environment.DATABASE_URL!);
  };
  const children: ChildProcess[] = [];
  const start = (command: string, args: string[], env: Record<string, string>) => {
    const child = spawn(command, args, { env: { PATH: process.env.PATH, ...env }, stdio: 'ignore' });
    children.push(child);
    return child;
  };
  let dataDir: string;
  beforeAll(() => (dataDir = mkdtempSync(join(tmpdir(), 'ess-compose-'))));
  afterAll(async () => {
    await Promise.all(
      children.filter((child) => child.exitCode === null && child.signalCode === null).map((child) => (child.kill('SIGKILL'), once(child, 'exit'))),
    );
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("Redis asks for the password from .env, and the API's REDIS_URL gives it", async () => {
    const port = await freePort();
    const [shell, flag, script] = redis!.command!;
    start(shell!, [flag!, `${script} --port ${port} --bind 127.0.0.1`], redis!.environment!);
    const url = apiConfig({ 'redis:6379': `127.0.0.1:${port}` }).redis!.url;
    const withPassword = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    // The rejected connect() carries the reason; the event would only repeat it.
    withPassword.on('error', () => undefined);
    try {
      await waitFor(() => listens(port), 10_000);
      await withPassword.connect();
      await expect(withPassword.ping()).resolves.toBe('PONG');
      await expect(pingWithoutPassword(port)).resolves.toMatch(/^-NOAUTH/);
    } finally {
      withPassword.disconnect();
    }
  });

  it("Azurite serves the account from .env, and the API's connection string stores and reads a file in a private container", async () => {
    const port = await freePort();
    const args = [...azurite!.command!.slice(1)];
    const set = (option: string, value: string) => (args[args.indexOf(option) + 1] = value);
    set('--blobHost', '127.0.0.1');
    set('--blobPort', String(port));
    set('--location', dataDir);
    const main = join(dirname(createRequire(import.meta.url).resolve('azurite/package.json')), 'dist/src/blob/main.js');
    start(process.execPath, [main, ...args, '--silent'], azurite!.environment!);
    const settings = apiConfig({ 'http://azurite:10000/': `http://127.0.0.1:${port}/` }).storage as AzureStorageSettings;
    expect(settings).toMatchObject({ kind: 'azure', container: 'uploads' });

    await waitFor(() => listens(port), 20_000);
    const storage = await AzureBlobStorage.open(settings);
    const key = { folder: 'documentos', name: '1764000000000-nomina.pdf' } as const;
    await storage.create(key, Readable.from([Buffer.from('%PDF-1.4 compose')]), { contentType: 'application/pdf' });
    const stored = await storage.read(key);
    await expect(text(stored!.body)).resolves.toBe('%PDF-1.4 compose');
    await expect(storage.check()).resolves.toBeUndefined();
  });
});
