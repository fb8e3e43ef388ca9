import { Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { buildDataSourceOptions } from './data-source-options.js';
import { databaseTlsFailure } from '../database/database-tls-failure.js';
import { aheadMessage, MigrationConflictError, runMigrationsWithLock } from '../database/migrate.js';
import { detectSharedSession } from '../database/prepared-query.js';

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        ...buildDataSourceOptions(config.database),
        retryAttempts: 3,
        retryDelay: 2000,
        // Waiting cures neither a certificate the settings refuse nor a conflict between the database's migrations
        // and this build's: fail at once with the reason, not after three logged stacks.
        toRetry: (error: unknown) => databaseTlsFailure(error) === undefined && !(error instanceof MigrationConflictError),
      }),
      dataSourceFactory: async (options) => {
        const dataSource = await new DataSource(options!).initialize();
        const { applied, ahead } = await runMigrationsWithLock(dataSource);
        if (applied.length) new Logger('Database').log(`Applied migrations: ${applied.join(', ')}`);
        if (ahead.length) new Logger('Database').warn(aheadMessage(ahead));
        await detectSharedSession(dataSource);
        return dataSource;
      },
    }),
  ],
})
export class DatabaseModule {}
