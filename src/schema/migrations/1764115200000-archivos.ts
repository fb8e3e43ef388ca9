import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Rows that hold a file URL, the column with the URL and the new column naming the file. */
const REFERENCES = [
  { table: 'solicitud', url: 'url_documento', fk: 'id_archivo_documento' },
  { table: 'actualizacion_perfil', url: 'img_perfil', fk: 'id_archivo_img_perfil' },
  { table: 'empleado', url: 'img_perfil', fk: 'id_archivo_img_perfil' },
  { table: 'documento', url: 'url', fk: 'id_archivo' },
  { table: 'comunicado', url: 'url_multimedia', fk: 'id_archivo_multimedia' },
] as const;

/** The path of a stored upload inside a URL: folder and `<ms>-<safe name>`. */
const STORED_FILE_PATH = String.raw`/uploads/(solicitudes|comunicados|documentos)/([0-9]+-[A-Za-z0-9._-]+)$`;

/**
 * Every uploaded file gets a row: where it is stored, who uploaded it, its size, type and SHA-256.
 * Rows that use a file name it by key beside the URL they keep, so access checks, deletions and the
 * clean-up of unused uploads read references instead of parsing URLs. Files already referenced
 * by URL are registered (without uploader, size or digest, which only the upload knew).
 */
export class Archivos1764115200000 implements MigrationInterface {
  name = 'Archivos1764115200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE archivo (
        id_archivo serial PRIMARY KEY,
        carpeta varchar(20) NOT NULL CHECK (carpeta IN ('solicitudes', 'comunicados', 'documentos')),
        nombre varchar(200) NOT NULL,
        id_subidor integer REFERENCES empleado (id_empleado) ON DELETE SET NULL,
        tamano bigint CHECK (tamano >= 0),
        tipo varchar(100),
        sha256 char(64) CHECK (sha256 ~ '^[0-9a-f]{64}$'),
        fecha_creacion timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_archivo_nombre UNIQUE (carpeta, nombre)
      )`);
    await queryRunner.query(`COMMENT ON COLUMN archivo.tamano IS 'null while the upload is being received, and for files registered by the migration'`);
    await queryRunner.query(`CREATE INDEX ix_archivo_subidor ON archivo (id_subidor, fecha_creacion)`);
    await queryRunner.query(`CREATE INDEX ix_archivo_fecha ON archivo (fecha_creacion)`);
    for (const { table, url, fk } of REFERENCES) {
      await queryRunner.query(`ALTER TABLE ${table} ADD COLUMN ${fk} integer REFERENCES archivo (id_archivo)`);
      await queryRunner.query(`CREATE INDEX ix_${table}_${fk} ON ${table} (${fk}) WHERE ${fk} IS NOT NULL`);
      await queryRunner.query(
        `INSERT INTO archivo (carpeta, nombre)
         SELECT DISTINCT m[1], m[2] FROM ${table}, regexp_match(${url}, $1) AS m WHERE m IS NOT NULL
         ON CONFLICT (carpeta, nombre) DO NOTHING`,
        [STORED_FILE_PATH],
      );
      await queryRunner.query(
        `UPDATE ${table} t SET ${fk} = (
           SELECT a.id_archivo FROM archivo a, regexp_match(t.${url}, $1) AS m WHERE a.carpeta = m[1] AND a.nombre = m[2]
         ) WHERE t.${url} ~ $1`,
        [STORED_FILE_PATH],
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const { table, fk } of REFERENCES) await queryRunner.query(`ALTER TABLE ${table} DROP COLUMN ${fk}`);
    await queryRunner.query(`DROP TABLE archivo`);
  }
}
