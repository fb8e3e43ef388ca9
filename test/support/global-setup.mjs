// Plain JavaScript: Jest loads global setup outside its module mapper, so it cannot import src/.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/**
 * One database for the whole run: the server named by DATABASE_URL, or an in-memory embedded
 * PostgreSQL when it is unset. The first app a test starts applies the migrations.
 */
export default async function globalSetup() {
  if (process.env.DATABASE_URL) return;
  const db = await PGlite.create({ extensions: { pg_trgm, unaccent } });
  // Each app uses a pool of one, but a closing pool's socket may linger while the next app
  // connects; room for a few avoids spurious "Connection terminated unexpectedly".
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 4 });
  await server.start();
  globalThis.__embeddedPostgres = { db, server };
  process.env.DATABASE_URL = `postgresql://postgres@${server.getServerConn()}/postgres`;
  process.env.TEST_EMBEDDED_DATABASE = 'true';
}
