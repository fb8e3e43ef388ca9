import type { DataSourceOptions } from 'typeorm';
import { entities } from './entities.js';
import { migrations } from './migrations/index.js';

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
