import { createServer, type Server } from 'node:net';
import { ConfigError } from './config/environment.js';
import { DataDirLockedError } from './database/embedded/data-dir-lock.js';
import { MigrationConflictError } from './database/migrate.js';
import { assertPortFree, startupFailureMessage, StartupError } from './startup-failure.js';

describe('startup failures', () => {
  let taken: Server;
  let port: number;

  beforeAll(async () => {
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, resolve));
    port = (taken.address() as { port: number }).port;
  });
  afterAll(() => new Promise((resolve) => taken.close(resolve)));

  it('refuses a port in use, telling to set PORT', async () => {
    await expect(assertPortFree(port)).rejects.toThrow(
      new StartupError(`Port ${port} is in use by another process: stop it, or set PORT to a free port.`),
    );
  });

  it('accepts a free port and leaves it free', async () => {
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, resolve));
    const freePort = (free.address() as { port: number }).port;
    await new Promise((resolve) => free.close(resolve));

    await expect(assertPortFree(freePort)).resolves.toBeUndefined();
    await expect(assertPortFree(freePort)).resolves.toBeUndefined();
  });

  it('names the process holding the embedded database and the ways out, on one line', () => {
    const message = startupFailureMessage(new DataDirLockedError('Embedded database data/pgdata is in use by process 4242'));
    expect(message).toBe(
      'Embedded database data/pgdata is in use by process 4242 (another `npm start`?): stop it, or set DATA_DIR to another directory, or DATABASE_URL to use a database server.',
    );
  });

  it('prints configuration and port errors as they are, without a stack', () => {
    expect(startupFailureMessage(new ConfigError('PORT must be an integer from 1 to 65535.'))).toBe('PORT must be an integer from 1 to 65535.');
    expect(startupFailureMessage(new StartupError('Port 3000 is in use by another process: stop it, or set PORT to a free port.'))).not.toContain('\n');
  });

  it('prints a conflict between the migrations of the database and of this version as it is, without a stack', () => {
    const conflict = new MigrationConflictError('The database has migrations this version does not know (B) and lacks some it has (C): …');
    expect(startupFailureMessage(conflict)).toBe(conflict.message);
  });

  it('keeps the stack of an unexpected failure', () => {
    expect(startupFailureMessage(new Error('boom'))).toMatch(/^Startup failed: Error: boom\n\s+at /);
  });
});
