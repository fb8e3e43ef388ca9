import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Frozen copy of src/catalogs/comunidades-autonomas.ts as of this migration. */
const COMUNIDADES = `'ES-AN', 'ES-AR', 'ES-AS', 'ES-CN', 'ES-CB', 'ES-CL', 'ES-CM', 'ES-CT', 'ES-EX', 'ES-GA', 'ES-IB', 'ES-RI', 'ES-MD', 'ES-MC', 'ES-NC', 'ES-PV', 'ES-VC', 'ES-CE', 'ES-ML'`;

/**
 * Holidays with a scope: national (everyone), a community's (everyone whose centre is in it) or a
 * centre's own. A community row with `excluye_nacional` says the national holiday on that date is not
 * one there (the BOE's yearly list lets communities replace national days). One row per date and target.
 */
export class FestivosPorAmbito1765065600000 implements MigrationInterface {
  name = 'FestivosPorAmbito1765065600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE dia_festivo
        ADD COLUMN ambito varchar(10) NOT NULL DEFAULT 'nacional' CONSTRAINT dia_festivo_ambito_check CHECK (ambito IN ('nacional', 'autonomico', 'local')),
        ADD COLUMN comunidad_autonoma varchar(5) CONSTRAINT dia_festivo_comunidad_autonoma_check CHECK (comunidad_autonoma IN (${COMUNIDADES})),
        ADD COLUMN id_centro_trabajo integer CONSTRAINT fk_dia_festivo_centro_trabajo REFERENCES centro_trabajo (id_centro_trabajo) ON DELETE RESTRICT,
        ADD COLUMN excluye_nacional boolean NOT NULL DEFAULT false,
        ADD CONSTRAINT dia_festivo_destino_check CHECK (
          (ambito = 'nacional' AND comunidad_autonoma IS NULL AND id_centro_trabajo IS NULL AND NOT excluye_nacional)
          OR (ambito = 'autonomico' AND comunidad_autonoma IS NOT NULL AND id_centro_trabajo IS NULL)
          OR (ambito = 'local' AND comunidad_autonoma IS NULL AND id_centro_trabajo IS NOT NULL AND NOT excluye_nacional))`);
    await queryRunner.query(`ALTER TABLE dia_festivo DROP CONSTRAINT uq_dia_festivo_fecha`);
    await queryRunner.query(`CREATE UNIQUE INDEX uq_dia_festivo_nacional ON dia_festivo (fecha) WHERE ambito = 'nacional'`);
    await queryRunner.query(`CREATE UNIQUE INDEX uq_dia_festivo_autonomico ON dia_festivo (comunidad_autonoma, fecha) WHERE ambito = 'autonomico'`);
    await queryRunner.query(`CREATE UNIQUE INDEX uq_dia_festivo_local ON dia_festivo (id_centro_trabajo, fecha) WHERE ambito = 'local'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM dia_festivo WHERE ambito <> 'nacional'`);
    await queryRunner.query(`DROP INDEX uq_dia_festivo_nacional, uq_dia_festivo_autonomico, uq_dia_festivo_local`);
    await queryRunner.query(`ALTER TABLE dia_festivo DROP COLUMN ambito, DROP COLUMN comunidad_autonoma, DROP COLUMN id_centro_trabajo, DROP COLUMN excluye_nacional`);
    await queryRunner.query(`ALTER TABLE dia_festivo ADD CONSTRAINT uq_dia_festivo_fecha UNIQUE (fecha)`);
  }
}
