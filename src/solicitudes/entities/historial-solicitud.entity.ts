import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Empleado } from '../../empleados/entities/empleado.entity.js';

/** One row per creation and per state change of a request. */
@Entity({ name: 'historial_solicitud' })
export class HistorialSolicitud {
  @PrimaryGeneratedColumn({ name: 'id_historial', type: 'int' })
  id_historial!: number;

  @Column({ name: 'id_solicitud', type: 'int' })
  id_solicitud!: number;

  @Column({ name: 'id_estado_anterior', type: 'int', nullable: true })
  id_estado_anterior!: number | null;

  @Column({ name: 'id_estado_nuevo', type: 'int' })
  id_estado_nuevo!: number;

  @Column({ name: 'id_actor', type: 'int' })
  id_actor!: number;

  @ManyToOne(() => Empleado)
  @JoinColumn({ name: 'id_actor' })
  actor!: Relation<Empleado>;

  @Column({ name: 'comentario', type: 'varchar', length: 1000, nullable: true })
  comentario!: string | null;

  /** Set on the steps of cancelling an approved vacation: `solicitada`, `aprobada` or `rechazada`. */
  @Column({ name: 'cancelacion', type: 'varchar', length: 10, nullable: true })
  cancelacion!: string | null;

  /** The approval step this entry decided (APROBACION=responsable_y_admin). */
  @Column({ name: 'paso_aprobacion', type: 'varchar', length: 20, nullable: true })
  paso_aprobacion!: string | null;

  /** The approver a delegate acted for. */
  @Column({ name: 'id_en_nombre_de', type: 'int', nullable: true })
  id_en_nombre_de!: number | null;

  @Column({ name: 'fecha', type: 'timestamptz', default: () => 'now()' })
  fecha!: Date;
}
