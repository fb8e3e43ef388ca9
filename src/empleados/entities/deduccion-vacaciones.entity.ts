import { Column, Entity, PrimaryColumn } from 'typeorm';
import { numericTransformer } from '../../common/numeric.transformer.js';

/** The days one approved vacation request took from one year's allocation; returned when it is cancelled. */
@Entity({ name: 'deduccion_vacaciones' })
export class DeduccionVacaciones {
  @PrimaryColumn({ name: 'id_solicitud', type: 'int' })
  id_solicitud!: number;

  @PrimaryColumn({ name: 'id_vacaciones', type: 'int' })
  id_vacaciones!: number;

  @Column({ name: 'dias', type: 'numeric', precision: 6, scale: 2, transformer: numericTransformer })
  dias!: number;

  /** When a cancellation gave the days back; null while they stay deducted. */
  @Column({ name: 'fecha_devolucion', type: 'timestamptz', nullable: true })
  fecha_devolucion!: Date | null;
}
