import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn, type Relation } from 'typeorm';
import { Empleado } from '../../empleados/entities/empleado.entity.js';

/** SCIM's own state of an employee: Entra ID's name parts, and whether a SCIM DELETE detached them. */
@Entity({ name: 'empleado_scim' })
export class EmpleadoScim {
  @PrimaryColumn({ name: 'id_empleado', type: 'int' })
  id_empleado!: number;

  @OneToOne(() => Empleado, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'id_empleado' })
  empleado!: Relation<Empleado>;

  @Column({ name: 'nombre_pila', type: 'varchar', length: 200, nullable: true })
  nombre_pila!: string | null;

  @Column({ name: 'apellidos', type: 'varchar', length: 200, nullable: true })
  apellidos!: string | null;

  /** Set: deleted through SCIM; the employee is no longer a SCIM resource (their records stay). */
  @Column({ name: 'fecha_desvinculacion', type: 'timestamptz', nullable: true })
  fecha_desvinculacion!: Date | null;
}
