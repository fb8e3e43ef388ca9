import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { numericTransformer } from '../../common/numeric.transformer.js';
import { Empleado } from './empleado.entity.js';

/** One year's vacation allocation of an employee; the balance is the sum of (asignados − usados). */
@Entity({ name: 'vacaciones' })
export class Vacaciones {
  @PrimaryGeneratedColumn({ name: 'id_vacaciones', type: 'int' })
  id_vacaciones!: number;

  @Column({ name: 'id_empleado', type: 'int' })
  id_empleado!: number;

  @ManyToOne(() => Empleado, (empleado) => empleado.vacaciones, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'id_empleado' })
  empleado!: Relation<Empleado>;

  @Column({ name: 'anio', type: 'int' })
  anio!: number;

  @Column({ name: 'dias_asignados', type: 'numeric', precision: 6, scale: 2, transformer: numericTransformer })
  dias_asignados!: number;

  @Column({ name: 'dias_usados', type: 'numeric', precision: 6, scale: 2, default: 0, transformer: numericTransformer })
  dias_usados!: number;
}
