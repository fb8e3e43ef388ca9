import type { DataSourceOptions } from 'typeorm';
import { connectionOptions, type DatabaseSettings } from '../database/connection-options.js';
import { entities } from './entities.js';
import { migrations } from './migrations/index.js';

/** The project's database: the connection, every feature's entities and every migration. */
export function buildDataSourceOptions(settings: DatabaseSettings): DataSourceOptions {
  return { ...connectionOptions(settings), entities, migrations };
}
