import { createServer, type Server } from 'node:net';
import pg from 'pg';
import { databaseTlsFailure } from './database-tls-failure.js';

/** Answers every SSLRequest with `N`, as PostgreSQL does with ssl=off. */
async function serverWithoutTls(): Promise<Server> {
  const server = createServer((socket) => socket.once('data', () => socket.end('N')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

async function connectionError(url: string): Promise<unknown> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  return client.connect().then(
    () => client.end().then(() => undefined),
    (error: unknown) => error,
  );
}

describe('databaseTlsFailure', () => {
  it('tells the operator that a server without TLS refused sslmode=verify-full, and what to do', async () => {
    const server = await serverWithoutTls();
    try {
      const { port } = server.address() as { port: number };
      const error = await connectionError(`postgresql://ess:secret-pw@127.0.0.1:${port}/ess?sslmode=verify-full`);
      expect(databaseTlsFailure(error)).toBe(
        'Cannot connect to the database over TLS: the server does not accept TLS; turn ssl on at the server, or set sslmode=disable where the network is trusted.',
      );
    } finally {
      server.close();
    }
  });

  it('leaves failures that are not about TLS to the generic message', async () => {
    const server = await serverWithoutTls();
    const { port } = server.address() as { port: number };
    server.close();
    expect(databaseTlsFailure(await connectionError(`postgresql://ess@127.0.0.1:${port}/ess?sslmode=verify-full`))).toBeUndefined();
  });
});
