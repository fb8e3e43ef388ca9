import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { lockDataDir } from './data-dir-lock.js';

export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts PostgreSQL (PGlite, in this process) behind the wire protocol on a loopback port, so the
 * service talks to it through the same `pg` driver and migrations as to a real server.
 * All connections share one backend session: callers must use a pool of one connection.
 * Without `dataDir` the database lives in memory (tests).
 */
export async function startEmbeddedPostgres(dataDir?: string): Promise<EmbeddedPostgres> {
  const unlock = dataDir ? lockDataDir(dataDir) : () => undefined;
  try {
    const db = await PGlite.create({ dataDir, extensions: { pg_trgm, unaccent } });
    const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 1 });
    await server.start();
    return {
      url: `postgresql://postgres@${server.getServerConn()}/postgres`,
      async stop() {
        await server.stop();
        await db.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
