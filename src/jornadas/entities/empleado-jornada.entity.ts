import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import type { CalendarDate } from '../../common/calendar-date.js';
import { Jornada } from './jornada.entity.js';

/**
 * An employee works `id_jornada` from `desde` until the next assignment's `desde`: a history, since a
 * request is counted with the schedule in force on each of its days. One assignment per employee and day.
 */
@Entity({ name: 'empleado_jornada' })
export class EmpleadoJornada {
  @PrimaryGeneratedColumn({ name: 'id_empleado_jornada', type: 'int' })
  id_empleado_jornada!: number;

  @Column({ name: 'id_empleado', type: 'int' })
  id_empleado!: number;

  @Column({ name: 'id_jornada', type: 'int' })
  id_jornada!: number;

  @ManyToOne(() => Jornada, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'id_jornada' })
  jornada!: Relation<Jornada>;

  @Column({ name: 'desde', type: 'date' })
  desde!: CalendarDate;

  /** Who assigned it; null for the command-line tools and the demo data. */
  @Column({ name: 'id_actor', type: 'int', nullable: true })
  id_actor!: number | null;

  @CreateDateColumn({ name: 'fecha_registro', type: 'timestamptz' })
  fecha_registro!: Date;
}
