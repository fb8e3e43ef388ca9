import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../../src/schema/data-source-options.js';
import { runMigrationsWithLock } from '../../src/database/migrate.js';
import { Archivos1764115200000 } from '../../src/schema/migrations/1764115200000-archivos.js';
import { AccesosDeDesactivados1764892800000 } from '../../src/schema/migrations/1764892800000-accesos-de-desactivados.js';
import { migrations } from '../../src/schema/migrations/index.js';

/** Reverts the migrations applied after `name`'s, then that one. */
async function undoThrough(dataSource: DataSource, name: string): Promise<void> {
  const undo = migrations.length - migrations.findIndex((migration) => migration.name === name);
  for (let i = 0; i < undo; i += 1) await dataSource.undoLastMigration();
}

/** Teardown only: how long dropping the throw-away database may wait for PostgreSQL's checkpoint. */
const DROP_DATABASE_TIMEOUT_MS = 120_000;

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
  // DROP DATABASE waits for an immediate checkpoint: on a machine busy writing (seen once with load 7 on two
  // cores) that took over the default 30 s, failing a file whose tests had all passed.
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.destroy();
  }, DROP_DATABASE_TIMEOUT_MS);

  it('lets three instances starting at once all come up, applying each migration once', async () => {
    const instances = await Promise.all([1, 2, 3].map(() => new DataSource(buildDataSourceOptions({ url, poolSize: 2 })).initialize()));
    try {
      const applied = await Promise.all(instances.map(async (instance) => (await runMigrationsWithLock(instance)).applied));
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
      expect((await runMigrationsWithLock(dataSource)).applied).toHaveLength(migrations.length);
    } finally {
      await dataSource.destroy();
    }
  });

  it('registers the files that rows already reference by URL, and links each row to its file', async () => {
    const dataSource = await new DataSource(buildDataSourceOptions({ url, poolSize: 1 })).initialize();
    try {
      await runMigrationsWithLock(dataSource);
      await undoThrough(dataSource, Archivos1764115200000.name);
      const [{ id_empleado }] = await dataSource.query(
        `INSERT INTO empleado (correo, nombre, id_rol, idp_oid, img_perfil) VALUES ('ana@example.com', 'Ana', 1, $1, 'https://ess.example.com/uploads/solicitudes/1700000000000-foto.png') RETURNING id_empleado`,
        [randomUUID()],
      );
      for (const url of ['https://ess.example.com/uploads/documentos/1700000000001-nomina.pdf', 'https://ess.example.com/uploads/documentos/1700000000001-nomina.pdf', 'https://archivo.example.org/contrato.pdf']) {
        await dataSource.query(`INSERT INTO documento (id_empleado, titulo, url) VALUES ($1, 'Doc', $2)`, [id_empleado, url]);
      }

      await runMigrationsWithLock(dataSource);

      expect(await dataSource.query(`SELECT carpeta, nombre, id_subidor, tamano FROM archivo ORDER BY nombre`)).toEqual([
        { carpeta: 'solicitudes', nombre: '1700000000000-foto.png', id_subidor: null, tamano: null },
        { carpeta: 'documentos', nombre: '1700000000001-nomina.pdf', id_subidor: null, tamano: null },
      ]);
      const documentos = await dataSource.query(`SELECT d.url, a.nombre FROM documento d LEFT JOIN archivo a ON a.id_archivo = d.id_archivo ORDER BY d.id_documento`);
      expect(documentos.map((row: { nombre: string | null }) => row.nombre)).toEqual(['1700000000001-nomina.pdf', '1700000000001-nomina.pdf', null]);
      const [empleado] = await dataSource.query(`SELECT a.nombre FROM empleado e JOIN archivo a ON a.id_archivo = e.id_archivo_img_perfil`);
      expect(empleado).toEqual({ nombre: '1700000000000-foto.png' });
    } finally {
      await dataSource.query(`TRUNCATE empleado, documento, archivo CASCADE`).catch(() => undefined);
      await dataSource.destroy();
    }
  });
  it('takes from people deactivated before deactivation did it their role above Empleado, delegations and feed key, in their history', async () => {
    const dataSource = await new DataSource(buildDataSourceOptions({ url, poolSize: 1 })).initialize();
    try {
      await runMigrationsWithLock(dataSource);
      await undoThrough(dataSource, AccesosDeDesactivados1764892800000.name);
      const insert = async (correo: string, idRol: number, activo: boolean): Promise<number> =>
        (await dataSource.query(`INSERT INTO empleado (correo, nombre, id_rol, idp_oid, activo) VALUES ($1, $1, $2, $3, $4) RETURNING id_empleado`, [correo, idRol, randomUUID(), activo]))[0].id_empleado;
      const exAdmin = await insert('ex-admin@example.com', 2, false);
      const activo = await insert('activo@example.com', 2, true);
      const otro = await insert('otro@example.com', 1, true);
      const delegation = (from: number, to: number, desde: string, hasta: string) =>
        dataSource.query(`INSERT INTO delegacion (id_delegante, id_delegado, desde, hasta) VALUES ($1, $2, current_date + $3::int, current_date + $4::int)`, [from, to, desde, hasta]);
      await delegation(exAdmin, otro, '-10', '10');
      await delegation(otro, exAdmin, '5', '20');
      await delegation(activo, otro, '-10', '10');
      await dataSource.query(`INSERT INTO calendario_enlace (id_empleado, clave_sha256) VALUES ($1, '\\x01'), ($2, '\\x02')`, [exAdmin, activo]);

      await runMigrationsWithLock(dataSource);

      const roles = await dataSource.query(`SELECT id_empleado, id_rol FROM empleado WHERE id_empleado IN ($1, $2) ORDER BY id_empleado`, [exAdmin, activo]);
      expect(roles).toEqual([
        { id_empleado: exAdmin, id_rol: 1 },
        { id_empleado: activo, id_rol: 2 },
      ]);
      const delegaciones = await dataSource.query(
        `SELECT id_delegante, id_delegado, hasta - current_date AS hasta FROM delegacion WHERE $1 IN (id_delegante, id_delegado) OR id_delegante = $2 ORDER BY id_delegacion`,
        [exAdmin, activo],
      );
      expect(delegaciones).toEqual([
        { id_delegante: exAdmin, id_delegado: otro, hasta: -1 },
        { id_delegante: activo, id_delegado: otro, hasta: 10 },
      ]);
      expect(await dataSource.query(`SELECT id_empleado FROM calendario_enlace`)).toEqual([{ id_empleado: activo }]);
      expect(await dataSource.query(`SELECT id_empleado, id_actor, origen, cambios FROM historial_empleado`)).toEqual([
        {
          id_empleado: exAdmin,
          id_actor: null,
          origen: 'migracion',
          cambios: [
            { campo: 'id_rol', anterior: 2, nuevo: 1 },
            { campo: 'delegaciones_dadas', anterior: 1, nuevo: 0 },
            { campo: 'delegaciones_recibidas', anterior: 1, nuevo: 0 },
            { campo: 'enlace_calendario', anterior: true, nuevo: false },
          ],
        },
      ]);
    } finally {
      await dataSource.query(`TRUNCATE empleado, delegacion, calendario_enlace, historial_empleado CASCADE`).catch(() => undefined);
      await dataSource.destroy();
    }
  });
});
