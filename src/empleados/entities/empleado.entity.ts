import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  type Relation,
  UpdateDateColumn,
} from 'typeorm';
import { Rol } from '../../catalogs/rol.entity.js';
import { Vacaciones } from './vacaciones.entity.js';

/** The table also has `busqueda`, a generated column only SQL text search reads. */
@Entity({ name: 'empleado' })
export class Empleado {
  @PrimaryGeneratedColumn({ name: 'id_empleado', type: 'int' })
  id_empleado!: number;

  @Column({ name: 'correo', type: 'varchar', length: 254 })
  correo!: string;

  @Column({ name: 'nombre', type: 'varchar', length: 200 })
  nombre!: string;

  @Column({ name: 'id_rol', type: 'int' })
  id_rol!: number;

  @ManyToOne(() => Rol)
  @JoinColumn({ name: 'id_rol' })
  rol!: Relation<Rol>;

  @Column({ name: 'telefono', type: 'varchar', length: 30, nullable: true })
  telefono!: string | null;

  @Column({ name: 'direccion', type: 'varchar', length: 300, nullable: true })
  direccion!: string | null;

  @Column({ name: 'img_perfil', type: 'varchar', length: 2048, nullable: true })
  img_perfil!: string | null;

  /** The uploaded file `img_perfil` names, when it is one (see Archivo). */
  @Column({ name: 'id_archivo_img_perfil', type: 'int', nullable: true })
  id_archivo_img_perfil!: number | null;

  @Column({ name: 'idp_oid', type: 'varchar', length: 100 })
  idp_oid!: string;

  /** The employee's manager; never themselves, never a cycle (see ResponsableRules). */
  @Column({ name: 'id_responsable', type: 'int', nullable: true })
  id_responsable!: number | null;

  @ManyToOne(() => Empleado, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'id_responsable' })
  responsable!: Relation<Empleado> | null;

  /** Where they work (see CentroTrabajo); null: none, national holidays only. */
  @Column({ name: 'id_centro_trabajo', type: 'int', nullable: true })
  id_centro_trabajo!: number | null;

  @Column({ name: 'activo', type: 'boolean', default: true })
  activo!: boolean;

  @OneToMany(() => Vacaciones, (vacaciones) => vacaciones.empleado)
  vacaciones!: Relation<Vacaciones>[];

  @CreateDateColumn({ name: 'fecha_creacion', type: 'timestamptz' })
  fecha_creacion!: Date;

  @UpdateDateColumn({ name: 'fecha_actualizacion', type: 'timestamptz' })
  fecha_actualizacion!: Date;
}
