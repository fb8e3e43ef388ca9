import type { MigrationInterface, QueryRunner } from 'typeorm';

const ORIGENES = `'api', 'solicitud', 'importacion', 'asignacion', 'scim'`;

/**
 * Deactivation now ends a leaver's role above Empleado, their delegations and their calendar-feed
 * key. People deactivated before that still held them, inert while inactive but back with a
 * reactivation: this takes them from everyone inactive now, recorded in each one's change history
 * with origin `migracion`. Delegations under way end yesterday (the database's date); later ones go.
 */
export class AccesosDeDesactivados1764892800000 implements MigrationInterface {
  name = 'AccesosDeDesactivados1764892800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await replaceOrigenCheck(queryRunner, `${ORIGENES}, 'migracion'`);
    await queryRunner.query(`
      INSERT INTO historial_empleado (id_empleado, id_actor, origen, cambios)
      SELECT e.id_empleado, NULL, 'migracion', cambios.lista
        FROM empleado e
        CROSS JOIN LATERAL (
          SELECT jsonb_agg(c.cambio ORDER BY c.orden) AS lista
            FROM (
              SELECT 1 AS orden, jsonb_build_object('campo', 'id_rol', 'anterior', e.id_rol, 'nuevo', 1) AS cambio WHERE e.id_rol <> 1
              UNION ALL
              SELECT 2, jsonb_build_object('campo', 'delegaciones_dadas', 'anterior', n, 'nuevo', 0)
                FROM (SELECT count(*)::int AS n FROM delegacion d WHERE d.id_delegante = e.id_empleado AND d.hasta >= current_date) dadas WHERE n > 0
              UNION ALL
              SELECT 3, jsonb_build_object('campo', 'delegaciones_recibidas', 'anterior', n, 'nuevo', 0)
                FROM (SELECT count(*)::int AS n FROM delegacion d WHERE d.id_delegado = e.id_empleado AND d.hasta >= current_date) recibidas WHERE n > 0
              UNION ALL
              SELECT 4, jsonb_build_object('campo', 'enlace_calendario', 'anterior', true, 'nuevo', false)
               WHERE EXISTS (SELECT 1 FROM calendario_enlace k WHERE k.id_empleado = e.id_empleado)
            ) c
        ) cambios
       WHERE NOT e.activo AND cambios.lista IS NOT NULL`);
    const inactivo = `SELECT id_empleado FROM empleado WHERE NOT activo`;
    await queryRunner.query(`UPDATE empleado SET id_rol = 1, fecha_actualizacion = now() WHERE NOT activo AND id_rol <> 1`);
    await queryRunner.query(`
      UPDATE delegacion SET hasta = current_date - 1
       WHERE (id_delegante IN (${inactivo}) OR id_delegado IN (${inactivo})) AND desde < current_date AND hasta >= current_date`);
    await queryRunner.query(`DELETE FROM delegacion WHERE (id_delegante IN (${inactivo}) OR id_delegado IN (${inactivo})) AND desde >= current_date`);
    await queryRunner.query(`DELETE FROM calendario_enlace WHERE id_empleado IN (${inactivo})`);
  }

  /** What was taken is not given back: only the history origin goes, with the entries that used it. */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM historial_empleado WHERE origen = 'migracion'`);
    await replaceOrigenCheck(queryRunner, ORIGENES);
  }
}

async function replaceOrigenCheck(queryRunner: QueryRunner, origenes: string): Promise<void> {
  await queryRunner.query(`ALTER TABLE historial_empleado DROP CONSTRAINT historial_empleado_origen_check`);
  await queryRunner.query(`ALTER TABLE historial_empleado ADD CONSTRAINT historial_empleado_origen_check CHECK (origen IN (${origenes}))`);
}
