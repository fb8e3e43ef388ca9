import type { MigrationInterface, QueryRunner } from 'typeorm';

const ORIGENES = `'api', 'solicitud', 'importacion', 'asignacion'`;

/**
 * What SCIM provisioning keeps beside the employee: the name parts Entra ID sends (the employee
 * has one `nombre`) and when a SCIM DELETE detached the employee from provisioning. Employees
 * without a row are provisioned too (created by the admin API or the import, matched by Entra).
 * History entries may now come from SCIM.
 */
export class AprovisionamientoScim1764201600000 implements MigrationInterface {
  name = 'AprovisionamientoScim1764201600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE empleado_scim (
        id_empleado integer PRIMARY KEY REFERENCES empleado (id_empleado) ON DELETE CASCADE,
        nombre_pila varchar(200),
        apellidos varchar(200),
        fecha_desvinculacion timestamptz
      )`);
    await queryRunner.query(`COMMENT ON COLUMN empleado_scim.fecha_desvinculacion IS 'set: deleted through SCIM, no longer a SCIM resource'`);
    await replaceOrigenCheck(queryRunner, `${ORIGENES}, 'scim'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM historial_empleado WHERE origen = 'scim'`);
    await replaceOrigenCheck(queryRunner, ORIGENES);
    await queryRunner.query(`DROP TABLE empleado_scim`);
  }
}

async function replaceOrigenCheck(queryRunner: QueryRunner, origenes: string): Promise<void> {
  await queryRunner.query(`ALTER TABLE historial_empleado DROP CONSTRAINT historial_empleado_origen_check`);
  await queryRunner.query(`ALTER TABLE historial_empleado ADD CONSTRAINT historial_empleado_origen_check CHECK (origen IN (${origenes}))`);
}
