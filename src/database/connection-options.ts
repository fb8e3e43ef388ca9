import pg from 'pg';
import type { PostgresDataSourceOptions } from 'typeorm/driver/postgres/PostgresDataSourceOptions.js';
import { withTlsDefaults } from './database-tls.js';

const DATE_OID = 1082;
// DATE columns stay `YYYY-MM-DD` strings: turning them into JS Dates shifts them by the host's offset.
pg.types.setTypeParser(DATE_OID, (value: string) => value);

export interface DatabaseSettings {
  url: string;
  poolSize: number;
  /** How long a query waits for a connection; the default fails fast when the database is unreachable. */
  waitMs?: number;
}

/** How every process of the project connects to PostgreSQL; what lives in it is the schema's business. */
export function connectionOptions({ url, poolSize, waitMs = 3000 }: DatabaseSettings): PostgresDataSourceOptions {
  return {
    type: 'postgres',
    url: withTlsDefaults(url),
    migrationsTableName: 'migraciones',
    migrationsTransactionMode: 'all',
    synchronize: false,
    poolSize,
    extra: {
      // Fail fast instead of queueing forever when the database is unreachable.
      connectionTimeoutMillis: waitMs,
      application_name: 'ess-api',
    },
  };
}
