import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A company public holiday: not a working day when counting requested days. */
@Entity({ name: 'dia_festivo' })
export class DiaFestivo {
  @PrimaryGeneratedColumn({ name: 'id_dia_festivo', type: 'int' })
  id_dia_festivo!: number;

  @Column({ name: 'fecha', type: 'date' })
  fecha!: string;

  @Column({ name: 'nombre', type: 'varchar', length: 100 })
  nombre!: string;
}
