import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The audit trail of employee records, and the admin employee list's order: by name, ignoring case and accents. */
export class HistorialEmpleado1764028800000 implements MigrationInterface {
  name = 'HistorialEmpleado1764028800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE historial_empleado (
        id_historial serial PRIMARY KEY,
        id_empleado integer NOT NULL REFERENCES empleado (id_empleado) ON DELETE CASCADE,
        id_actor integer REFERENCES empleado (id_empleado) ON DELETE SET NULL,
        origen varchar(20) NOT NULL CHECK (origen IN ('api', 'solicitud', 'importacion', 'asignacion')),
        cambios jsonb NOT NULL CHECK (jsonb_typeof(cambios) = 'array' AND jsonb_array_length(cambios) > 0),
        fecha timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`COMMENT ON COLUMN historial_empleado.id_actor IS 'null: a command-line tool made the change'`);
    await queryRunner.query(`CREATE INDEX ix_historial_empleado ON historial_empleado (id_empleado, id_historial DESC)`);
    await queryRunner.query(`CREATE INDEX ix_empleado_orden ON empleado (busqueda, id_empleado)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX ix_empleado_orden`);
    await queryRunner.query(`DROP TABLE historial_empleado`);
  }
}
