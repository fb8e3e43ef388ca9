import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../../src/schema/data-source-options.js';
import { runMigrationsWithLock } from '../../src/database/migrate.js';
import { migrations } from '../../src/schema/migrations/index.js';

// Concurrent instances only exist against a real server; the embedded database lives in one process.
const onServer = process.env.TEST_EMBEDDED_DATABASE ? describe.skip : describe;

onServer('migrations on an empty database', () => {
  const name = `ess_migrate_${randomUUID().slice(0, 8)}`;
  const adminUrl = process.env.DATABASE_URL!;
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  let admin: DataSource;

  beforeAll(async () => {
    admin = await new DataSource({ type: 'postgres', url: adminUrl, poolSize: 1 }).initialize();
    await admin.query(`CREATE DATABASE ${name}`);
  });
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.destroy();
  });

  it('lets three instances starting at once all come up, applying each migration once', async () => {
    const instances = await Promise.all([1, 2, 3].map(() => new DataSource(buildDataSourceOptions({ url, poolSize: 2 })).initialize()));
    try {
      const applied = await Promise.all(instances.map((instance) => runMigrationsWithLock(instance)));
      expect(applied.flat().sort()).toEqual(migrations.map((migration) => migration.name).sort());
      const rows = await instances[0]!.query('SELECT name FROM migraciones');
      expect(rows).toHaveLength(migrations.length);
    } finally {
      await Promise.all(instances.map((instance) => instance.destroy()));
    }
  });

  it('reverts every migration cleanly and applies them again', async () => {
    const dataSource = await new DataSource(buildDataSourceOptions({ url, poolSize: 1 })).initialize();
    try {
      for (let i = 0; i < migrations.length; i += 1) await dataSource.undoLastMigration();
      expect(await dataSource.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'migraciones'`)).toEqual([]);
      expect(await runMigrationsWithLock(dataSource)).toHaveLength(migrations.length);
    } finally {
      await dataSource.destroy();
    }
  });
});
