import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Empleado } from '../../empleados/entities/empleado.entity.js';

/** A document an admin published for one employee (payslip, contract…). */
@Entity({ name: 'documento' })
export class Documento {
  @PrimaryGeneratedColumn({ name: 'id_documento', type: 'int' })
  id_documento!: number;

  @Column({ name: 'id_empleado', type: 'int' })
  id_empleado!: number;

  @ManyToOne(() => Empleado, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'id_empleado' })
  empleado!: Relation<Empleado>;

  @Column({ name: 'titulo', type: 'varchar', length: 200 })
  titulo!: string;

  @Column({ name: 'url', type: 'varchar', length: 2048 })
  url!: string;

  /** The uploaded file `url` names, when it is one (see Archivo). */
  @Column({ name: 'id_archivo', type: 'int', nullable: true })
  id_archivo!: number | null;

  @Column({ name: 'id_autor', type: 'int', nullable: true })
  id_autor!: number | null;

  @ManyToOne(() => Empleado, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'id_autor' })
  autor!: Relation<Empleado> | null;

  @CreateDateColumn({ name: 'fecha_creacion', type: 'timestamptz' })
  fecha_creacion!: Date;
}
