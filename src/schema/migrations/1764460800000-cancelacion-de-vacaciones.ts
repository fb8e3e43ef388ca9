import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cancelling approved vacations. `deduccion_vacaciones` records, per approved request, how many days
 * each year's allocation gave, so a cancellation returns them exactly where they came from. Requests
 * approved before this migration have no rows: nothing can tell which years they drew on.
 */
export class CancelacionDeVacaciones1764460800000 implements MigrationInterface {
  name = 'CancelacionDeVacaciones1764460800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE deduccion_vacaciones (
        id_solicitud integer NOT NULL REFERENCES solicitud (id_solicitud) ON DELETE CASCADE,
        id_vacaciones integer NOT NULL REFERENCES vacaciones (id_vacaciones) ON DELETE CASCADE,
        dias numeric(6,2) NOT NULL CHECK (dias > 0),
        fecha_devolucion timestamptz,
        PRIMARY KEY (id_solicitud, id_vacaciones)
      )`);
    await queryRunner.query(`CREATE INDEX ix_deduccion_vacaciones_periodo ON deduccion_vacaciones (id_vacaciones)`);
    await queryRunner.query(`ALTER TABLE solicitud ADD COLUMN cancelacion_pendiente boolean NOT NULL DEFAULT false`);
    await queryRunner.query(
      `ALTER TABLE solicitud ADD CONSTRAINT ck_solicitud_cancelacion_pendiente CHECK (NOT cancelacion_pendiente OR id_estado_solicitud = 2)`,
    );
    // What waits on an approver (admin/pendientes): its page and its count walk only those rows.
    await queryRunner.query(
      `CREATE INDEX ix_solicitud_esperando_decision ON solicitud (id_solicitud) WHERE id_estado_solicitud = 1 OR cancelacion_pendiente`,
    );
    await queryRunner.query(`
      ALTER TABLE historial_solicitud ADD COLUMN cancelacion varchar(10)
        CHECK (cancelacion IN ('solicitada', 'aprobada', 'rechazada'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE historial_solicitud DROP COLUMN cancelacion`);
    await queryRunner.query(`DROP INDEX ix_solicitud_esperando_decision`);
    await queryRunner.query(`ALTER TABLE solicitud DROP CONSTRAINT ck_solicitud_cancelacion_pendiente`);
    await queryRunner.query(`ALTER TABLE solicitud DROP COLUMN cancelacion_pendiente`);
    await queryRunner.query(`DROP TABLE deduccion_vacaciones`);
  }
}
