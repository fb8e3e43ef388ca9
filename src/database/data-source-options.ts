import pg from 'pg';
import type { DataSourceOptions } from 'typeorm';
import { entities } from './entities.js';
import { migrations } from './migrations/index.js';

const DATE_OID = 1082;
// DATE columns stay `YYYY-MM-DD` strings: turning them into JS Dates shifts them by the host's offset.
pg.types.setTypeParser(DATE_OID, (value: string) => value);

export interface DatabaseSettings {
  url: string;
  poolSize: number;
}

export function buildDataSourceOptions({ url, poolSize }: DatabaseSettings): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities,
    migrations,
    migrationsTableName: 'migraciones',
    migrationsTransactionMode: 'all',
    synchronize: false,
    poolSize,
    extra: {
      // Fail fast instead of queueing forever when the database is unreachable.
      connectionTimeoutMillis: 3000,
      application_name: 'ess-api',
    },
  };
}
