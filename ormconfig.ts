// Data source for the TypeORM CLI (npm run migration:run|revert|generate). DATABASE_URL selects
// the server; without it the embedded database in DATA_DIR (default ./data) is used.
import 'reflect-metadata';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from './src/schema/data-source-options.js';
import { startEmbeddedPostgres } from './src/database/embedded/embedded-postgres.js';

async function createDataSource(): Promise<DataSource> {
  const url = process.env.DATABASE_URL ?? (await startEmbeddedPostgres(join(process.env.DATA_DIR ?? './data', 'pgdata'))).url;
  return new DataSource(buildDataSourceOptions({ url, poolSize: 1 }));
}

export default createDataSource();
