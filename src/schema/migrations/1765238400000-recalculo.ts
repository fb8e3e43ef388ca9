import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Recounting requests when the working calendar changes (a holiday, a schedule, a centre): when a
 * request was last recounted, a request left with no working day by a recount may count 0 days, its
 * history may name no actor (a change from SCIM or the CLI import), and its owner gets a RECALCULO
 * notification. A recount gives an approved request's deduction back and takes the new one, so the
 * ledger keeps every deduction a request ever had: one live (not given back) row per allocation.
 */
export class Recalculo1765238400000 implements MigrationInterface {
  name = 'Recalculo1765238400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE solicitud ADD COLUMN fecha_recalculo timestamptz`);
    await queryRunner.query(`ALTER TABLE solicitud DROP CONSTRAINT ck_solicitud_dias`);
    await queryRunner.query(
      `ALTER TABLE solicitud ADD CONSTRAINT ck_solicitud_dias
         CHECK (dias_solicitados > 0 OR (dias_solicitados = 0 AND (hora_inicio IS NOT NULL OR fecha_recalculo IS NOT NULL)))`,
    );
    await queryRunner.query(`ALTER TABLE historial_solicitud ALTER COLUMN id_actor DROP NOT NULL`);
    await queryRunner.query(`INSERT INTO tipo_notificacion (id_tipo_notificacion, codigo, nombre) VALUES (7, 'RECALCULO', 'Solicitud recalculada')`);
    await queryRunner.query(`ALTER TABLE deduccion_vacaciones DROP CONSTRAINT deduccion_vacaciones_pkey`);
    await queryRunner.query(`ALTER TABLE deduccion_vacaciones ADD COLUMN id_deduccion serial PRIMARY KEY`);
    await queryRunner.query(`CREATE UNIQUE INDEX uq_deduccion_vacaciones_viva ON deduccion_vacaciones (id_solicitud, id_vacaciones) WHERE fecha_devolucion IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM deduccion_vacaciones d USING deduccion_vacaciones v
       WHERE d.id_solicitud = v.id_solicitud AND d.id_vacaciones = v.id_vacaciones AND d.id_deduccion < v.id_deduccion`);
    await queryRunner.query(`DROP INDEX uq_deduccion_vacaciones_viva`);
    await queryRunner.query(`ALTER TABLE deduccion_vacaciones DROP COLUMN id_deduccion`);
    await queryRunner.query(`ALTER TABLE deduccion_vacaciones ADD PRIMARY KEY (id_solicitud, id_vacaciones)`);
    await queryRunner.query(`DELETE FROM notificacion WHERE id_tipo_notificacion = 7`);
    await queryRunner.query(`DELETE FROM tipo_notificacion WHERE id_tipo_notificacion = 7`);
    await queryRunner.query(`DELETE FROM historial_solicitud WHERE id_actor IS NULL`);
    await queryRunner.query(`ALTER TABLE historial_solicitud ALTER COLUMN id_actor SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE solicitud DROP CONSTRAINT ck_solicitud_dias`);
    await queryRunner.query(`ALTER TABLE solicitud ADD CONSTRAINT ck_solicitud_dias CHECK (dias_solicitados > 0 OR (dias_solicitados = 0 AND hora_inicio IS NOT NULL)) NOT VALID`);
    await queryRunner.query(`ALTER TABLE solicitud DROP COLUMN fecha_recalculo`);
  }
}
