import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Empleado } from '../../empleados/entities/empleado.entity.js';

/** From `desde` to `hasta`, both included, `delegado` may decide what `delegante` may. */
@Entity({ name: 'delegacion' })
export class Delegacion {
  @PrimaryGeneratedColumn({ name: 'id_delegacion', type: 'int' })
  id_delegacion!: number;

  @Column({ name: 'id_delegante', type: 'int' })
  id_delegante!: number;

  @ManyToOne(() => Empleado)
  @JoinColumn({ name: 'id_delegante' })
  delegante!: Relation<Empleado>;

  @Column({ name: 'id_delegado', type: 'int' })
  id_delegado!: number;

  @ManyToOne(() => Empleado)
  @JoinColumn({ name: 'id_delegado' })
  delegado!: Relation<Empleado>;

  @Column({ name: 'desde', type: 'date' })
  desde!: string;

  @Column({ name: 'hasta', type: 'date' })
  hasta!: string;

  @CreateDateColumn({ name: 'fecha_creacion', type: 'timestamptz' })
  fecha_creacion!: Date;
}
