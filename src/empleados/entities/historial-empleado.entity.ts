import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Empleado } from './empleado.entity.js';

/** Where a change came from: an admin endpoint, an approved profile update, a command-line tool, or SCIM provisioning. */
export type OrigenCambio = 'api' | 'solicitud' | 'importacion' | 'asignacion' | 'scim' | 'migracion';

/**
 * One changed field: `anio` names the vacation year when the field is a yearly allocation; `desde`, the
 * day a schedule assignment starts; `dias_sin_prorrateo`, the full-time, full-year days that `nuevo` was
 * prorated from, when it was.
 */
export interface CambioEmpleado {
  campo: string;
  anio?: number;
  desde?: string;
  anterior: unknown;
  nuevo: unknown;
  dias_sin_prorrateo?: number;
}

/** One change to an employee record: who made it, when, and each field's old and new value. */
@Entity({ name: 'historial_empleado' })
export class HistorialEmpleado {
  @PrimaryGeneratedColumn({ name: 'id_historial', type: 'int' })
  id_historial!: number;

  @Column({ name: 'id_empleado', type: 'int' })
  id_empleado!: number;

  @ManyToOne(() => Empleado, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'id_empleado' })
  empleado!: Relation<Empleado>;

  /** null when a command-line tool made the change. */
  @Column({ name: 'id_actor', type: 'int', nullable: true })
  id_actor!: number | null;

  @ManyToOne(() => Empleado, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'id_actor' })
  actor!: Relation<Empleado> | null;

  @Column({ name: 'origen', type: 'varchar', length: 20 })
  origen!: OrigenCambio;

  @Column({ name: 'cambios', type: 'jsonb' })
  cambios!: CambioEmpleado[];

  @Column({ name: 'fecha', type: 'timestamptz', default: () => 'now()' })
  fecha!: Date;
}
