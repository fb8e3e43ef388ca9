import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation, UpdateDateColumn } from 'typeorm';
import { Empleado } from '../../empleados/entities/empleado.entity.js';

@Entity({ name: 'comunicado' })
export class Comunicado {
  @PrimaryGeneratedColumn({ name: 'id_comunicado', type: 'int' })
  id_comunicado!: number;

  @Column({ name: 'titulo', type: 'varchar', length: 200 })
  titulo!: string;

  @Column({ name: 'contenido', type: 'text' })
  contenido!: string;

  @Column({ name: 'fecha_publicacion', type: 'timestamptz' })
  fecha_publicacion!: Date;

  @Column({ name: 'activo', type: 'boolean', default: true })
  activo!: boolean;

  @Column({ name: 'url_multimedia', type: 'varchar', length: 2048, nullable: true })
  url_multimedia!: string | null;

  /** The uploaded file `url_multimedia` names, when it is one (see Archivo). */
  @Column({ name: 'id_archivo_multimedia', type: 'int', nullable: true })
  id_archivo_multimedia!: number | null;

  @Column({ name: 'id_autor', type: 'int', nullable: true })
  id_autor!: number | null;

  @ManyToOne(() => Empleado, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'id_autor' })
  autor!: Relation<Empleado> | null;

  /** Set once the COMUNICADO notifications were written. */
  @Column({ name: 'notificado', type: 'boolean', default: false })
  notificado!: boolean;

  @CreateDateColumn({ name: 'fecha_creacion', type: 'timestamptz' })
  fecha_creacion!: Date;

  @UpdateDateColumn({ name: 'fecha_actualizacion', type: 'timestamptz' })
  fecha_actualizacion!: Date;
}
