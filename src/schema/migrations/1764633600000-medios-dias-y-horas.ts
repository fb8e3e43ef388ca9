import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Half days (vacation, permission, absence) and permissions by hours. A request by hours asks for no
 * whole day: its dias_solicitados is 0, the only case where it may be.
 */
export class MediosDiasYHoras1764633600000 implements MigrationInterface {
  name = 'MediosDiasYHoras1764633600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE solicitud
        ADD COLUMN medio_dia_inicio varchar(10),
        ADD COLUMN medio_dia_fin varchar(10),
        ADD COLUMN hora_inicio time,
        ADD COLUMN hora_fin time,
        ADD COLUMN horas_solicitadas numeric(4,2),
        ADD CONSTRAINT ck_solicitud_medio_dia_inicio CHECK (medio_dia_inicio IN ('manana', 'tarde')),
        ADD CONSTRAINT ck_solicitud_medio_dia_fin CHECK (medio_dia_fin IN ('manana', 'tarde')),
        ADD CONSTRAINT ck_solicitud_horas CHECK (
          (hora_inicio IS NULL AND hora_fin IS NULL AND horas_solicitadas IS NULL)
          OR (hora_fin > hora_inicio AND horas_solicitadas > 0 AND fecha_inicio = fecha_fin AND medio_dia_inicio IS NULL AND medio_dia_fin IS NULL))`);
    await queryRunner.query(`ALTER TABLE solicitud DROP CONSTRAINT ck_solicitud_dias`);
    await queryRunner.query(`ALTER TABLE solicitud ADD CONSTRAINT ck_solicitud_dias CHECK (dias_solicitados > 0 OR (dias_solicitados = 0 AND hora_inicio IS NOT NULL))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE solicitud DROP CONSTRAINT ck_solicitud_dias`);
    await queryRunner.query(`ALTER TABLE solicitud ADD CONSTRAINT ck_solicitud_dias CHECK (dias_solicitados > 0) NOT VALID`);
    await queryRunner.query(`
      ALTER TABLE solicitud
        DROP COLUMN horas_solicitadas, DROP COLUMN hora_fin, DROP COLUMN hora_inicio, DROP COLUMN medio_dia_fin, DROP COLUMN medio_dia_inicio`);
  }
}
