import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { AmbitoFestivo } from '../../calendario-laboral/ambito-festivo.js';

/**
 * A public holiday: not a working day when counting requested days, for the employees its scope
 * reaches. An `autonomico` row with `excluye_nacional` instead takes that date's national holiday away.
 */
@Entity({ name: 'dia_festivo' })
export class DiaFestivo {
  @PrimaryGeneratedColumn({ name: 'id_dia_festivo', type: 'int' })
  id_dia_festivo!: number;

  @Column({ name: 'fecha', type: 'date' })
  fecha!: string;

  @Column({ name: 'nombre', type: 'varchar', length: 100 })
  nombre!: string;

  @Column({ name: 'ambito', type: 'varchar', length: 10 })
  ambito!: AmbitoFestivo;

  @Column({ name: 'comunidad_autonoma', type: 'varchar', length: 5, nullable: true })
  comunidad_autonoma!: string | null;

  @Column({ name: 'id_centro_trabajo', type: 'int', nullable: true })
  id_centro_trabajo!: number | null;

  @Column({ name: 'excluye_nacional', type: 'boolean' })
  excluye_nacional!: boolean;
}
