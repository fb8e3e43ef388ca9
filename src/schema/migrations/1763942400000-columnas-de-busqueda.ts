import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stores the normalized (lower-case, unaccented) search text instead of computing it per row at
 * query time: unaccent() on every scanned row was most of a text search's cost.
 */
export class ColumnasDeBusqueda1763942400000 implements MigrationInterface {
  name = 'ColumnasDeBusqueda1763942400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX ix_solicitud_descripcion_trgm`);
    await queryRunner.query(`DROP INDEX ix_empleado_busqueda_trgm`);
    await queryRunner.query(`ALTER TABLE solicitud ADD COLUMN descripcion_busqueda text GENERATED ALWAYS AS (texto_busqueda(descripcion)) STORED`);
    await queryRunner.query(`ALTER TABLE empleado ADD COLUMN busqueda text GENERATED ALWAYS AS (texto_busqueda(nombre || ' ' || correo)) STORED`);
    await queryRunner.query(`CREATE INDEX ix_solicitud_descripcion_trgm ON solicitud USING gin (descripcion_busqueda gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX ix_empleado_busqueda_trgm ON empleado USING gin (busqueda gin_trgm_ops)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX ix_empleado_busqueda_trgm`);
    await queryRunner.query(`DROP INDEX ix_solicitud_descripcion_trgm`);
    await queryRunner.query(`ALTER TABLE empleado DROP COLUMN busqueda`);
    await queryRunner.query(`ALTER TABLE solicitud DROP COLUMN descripcion_busqueda`);
    await queryRunner.query(`CREATE INDEX ix_empleado_busqueda_trgm ON empleado USING gin (texto_busqueda(nombre || ' ' || correo) gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX ix_solicitud_descripcion_trgm ON solicitud USING gin (texto_busqueda(descripcion) gin_trgm_ops)`);
  }
}
