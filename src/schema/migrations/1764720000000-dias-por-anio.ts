import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Vacation balances bound to their year. `solicitud_dias_anio` holds, per vacation request, how many
 * of its working days fall in each calendar year, as counted at creation: pending requests hold back
 * days of those years, and approval deducts them year by year. Requests created before this migration
 * still pending are split here by recounting their working days (weekdays that are not holidays).
 */
export class DiasPorAnio1764720000000 implements MigrationInterface {
  name = 'DiasPorAnio1764720000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE solicitud_dias_anio (
        id_solicitud integer NOT NULL REFERENCES solicitud (id_solicitud) ON DELETE CASCADE,
        anio integer NOT NULL CHECK (anio BETWEEN 2000 AND 2100),
        dias numeric(6,2) NOT NULL CHECK (dias > 0),
        PRIMARY KEY (id_solicitud, anio)
      )`);
    await queryRunner.query(`
      INSERT INTO solicitud_dias_anio (id_solicitud, anio, dias)
      SELECT s.id_solicitud, extract(year FROM d)::int, count(*)
        FROM solicitud s
        CROSS JOIN LATERAL generate_series(s.fecha_inicio::timestamp, s.fecha_fin::timestamp, interval '1 day') d
       WHERE s.id_tipo_solicitud = 1 AND s.id_estado_solicitud = 1 AND s.fecha_inicio IS NOT NULL AND s.fecha_fin IS NOT NULL
         AND extract(isodow FROM d) < 6 AND NOT EXISTS (SELECT 1 FROM dia_festivo f WHERE f.fecha = d::date)
       GROUP BY s.id_solicitud, extract(year FROM d)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE solicitud_dias_anio`);
  }
}
