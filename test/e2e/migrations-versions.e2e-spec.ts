import { DataSource, type MigrationInterface } from 'typeorm';
import { revertLastMigration, showMigrations } from '../../src/cli/migraciones.use-case.js';
import { runMigrationsWithLock } from '../../src/database/migrate.js';
import { buildDataSourceOptions } from '../../src/schema/data-source-options.js';
import { migrations } from '../../src/schema/migrations/index.js';
import { runInProcess } from '../support/cli.js';
import { SCHEMA_FINGERPRINT_SQL } from '../support/schema-fingerprint.js';

const NEWEST = migrations.at(-1)!.name;

/** A migration only an older line has; running it on the current schema is what must never happen. */
class HotfixOfAnotherLine1765800000000 implements MigrationInterface {
  static ran = false;
  name = 'HotfixOfAnotherLine1765800000000';
  async up(): Promise<void> {
    HotfixOfAnotherLine1765800000000.ran = true;
  }
  async down(): Promise<void> {}
}

/** The newest migration's changes are in it or not; a newest migration that only moved data would make the revert test say so. */
async function schemaFingerprint(dataSource: DataSource): Promise<string[]> {
  return (await dataSource.query(SCHEMA_FINGERPRINT_SQL)).map((row: { item: string }) => row.item);
}

/** A build of the service that knows `known`, on the test database. */
function build(known: (new () => MigrationInterface)[]): Promise<DataSource> {
  return new DataSource({ ...buildDataSourceOptions({ url: process.env.DATABASE_URL!, poolSize: 1 }), migrations: known }).initialize();
}

describe('migrations between versions', () => {
  let current: DataSource;

  beforeAll(async () => {
    current = await build(migrations);
    await runMigrationsWithLock(current);
  });
  afterAll(() => current?.destroy());

  const appliedNames = async (): Promise<string[]> => (await current.query('SELECT name FROM migraciones ORDER BY id')).map((row: { name: string }) => row.name);

  describe('a previous version, which lacks the newest migration', () => {
    let previous: DataSource;

    beforeAll(async () => {
      previous = await build(migrations.slice(0, -1));
    });
    afterAll(() => previous?.destroy());

    it('starts on the database the current version migrated without migrating it, and names the migration it does not know', async () => {
      const before = await appliedNames();

      await expect(runMigrationsWithLock(previous)).resolves.toEqual({ applied: [], ahead: [NEWEST] });
      expect(await appliedNames()).toEqual(before);
    });

    it('lists that migration as applied by a newer version', async () => {
      const run = await runInProcess((output) => showMigrations(previous, output));

      expect(run.code).toBe(0);
      expect(run.stdout.split('\n').slice(-2)).toEqual([`[x] ${migrations.at(-2)!.name}`, `[?] ${NEWEST}`]);
    });

    it('refuses to revert a migration it does not know, and the database keeps it', async () => {
      const run = await runInProcess((output) => revertLastMigration(previous, output));

      expect(run).toMatchObject({ code: 1, stdout: '' });
      expect(run.stderr).toBe(`The database's newest migration ${NEWEST} is not one of this version's: revert it with the version that applied it.`);
      expect((await appliedNames()).at(-1)).toBe(NEWEST);
    });
  });

  it('a version of another line, with a migration of its own pending, refuses to migrate and runs nothing', async () => {
    const otherLine = await build([...migrations.slice(0, -1), HotfixOfAnotherLine1765800000000]);
    try {
      const before = await appliedNames();

      await expect(runMigrationsWithLock(otherLine)).rejects.toThrow(
        `The database has migrations this version does not know (${NEWEST}) and lacks some it has (HotfixOfAnotherLine1765800000000)`,
      );
      expect(HotfixOfAnotherLine1765800000000.ran).toBe(false);
      expect(await appliedNames()).toEqual(before);
    } finally {
      await otherLine.destroy();
    }
  });

  it('revert undoes the newest migration with its down step, and the next start applies it again', async () => {
    const migrated = await schemaFingerprint(current);
    try {
      const run = await runInProcess((output) => revertLastMigration(current, output));

      expect(run).toMatchObject({ code: 0, stdout: `Reverted ${NEWEST}.` });
      expect((await appliedNames()).at(-1)).toBe(migrations.at(-2)!.name);
      expect(await schemaFingerprint(current)).not.toEqual(migrated);
      expect((await runInProcess((output) => showMigrations(current, output))).stdout.split('\n').at(-1)).toBe(`[ ] ${NEWEST}`);
    } finally {
      await expect(runMigrationsWithLock(current)).resolves.toEqual({ applied: [NEWEST], ahead: [] });
    }
    expect(await schemaFingerprint(current)).toEqual(migrated);
  });
});
