import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { PeriodoJornada } from '../jornada-fields.js';

/**
 * A working schedule: hours per weekday, Monday first, and periods of the year with their own hours
 * (a summer "jornada intensiva"). `nombre` is unique in any case. Employees get one from a date on (EmpleadoJornada).
 */
@Entity({ name: 'jornada' })
export class Jornada {
  @PrimaryGeneratedColumn({ name: 'id_jornada', type: 'int' })
  id_jornada!: number;

  @Column({ name: 'nombre', type: 'varchar', length: 100 })
  nombre!: string;

  /** pg reads numeric[] as numbers (unlike numeric alone): quarter hours fit them exactly. */
  @Column({ name: 'horas', type: 'numeric', precision: 4, scale: 2, array: true })
  horas!: number[];

  @Column({ name: 'periodos', type: 'jsonb', default: () => `'[]'` })
  periodos!: PeriodoJornada[];

  @CreateDateColumn({ name: 'fecha_creacion', type: 'timestamptz' })
  fecha_creacion!: Date;

  @UpdateDateColumn({ name: 'fecha_actualizacion', type: 'timestamptz' })
  fecha_actualizacion!: Date;
}
