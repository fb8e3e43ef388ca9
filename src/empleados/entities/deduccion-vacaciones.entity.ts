import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { numericTransformer } from '../../common/numeric.transformer.js';

/**
 * The days one approved vacation request took from one year's allocation; returned when it is cancelled
 * or recounted (a recount then records the new deduction as a new row: one live row per allocation).
 */
@Entity({ name: 'deduccion_vacaciones' })
export class DeduccionVacaciones {
  @PrimaryGeneratedColumn({ name: 'id_deduccion', type: 'int' })
  id_deduccion!: number;

  @Column({ name: 'id_solicitud', type: 'int' })
  id_solicitud!: number;

  @Column({ name: 'id_vacaciones', type: 'int' })
  id_vacaciones!: number;

  @Column({ name: 'dias', type: 'numeric', precision: 6, scale: 2, transformer: numericTransformer })
  dias!: number;

  /** When a cancellation or a recount gave the days back; null while they stay deducted. */
  @Column({ name: 'fecha_devolucion', type: 'timestamptz', nullable: true })
  fecha_devolucion!: Date | null;
}
