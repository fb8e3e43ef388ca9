import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Empleado } from '../../empleados/entities/empleado.entity.js';
import type { UploadFolder } from '../storage/file-storage.js';

/** One uploaded file: where it is stored, who sent it, and what it is. Rows that use it name it by `id_archivo`. */
@Entity({ name: 'archivo' })
export class Archivo {
  @PrimaryGeneratedColumn({ name: 'id_archivo', type: 'int' })
  id_archivo!: number;

  @Column({ name: 'carpeta', type: 'varchar', length: 20 })
  carpeta!: UploadFolder;

  /** `<ms>-<safe name>`: the last segment of its URL and its name in storage. */
  @Column({ name: 'nombre', type: 'varchar', length: 200 })
  nombre!: string;

  @Column({ name: 'id_subidor', type: 'int', nullable: true })
  id_subidor!: number | null;

  @ManyToOne(() => Empleado, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'id_subidor' })
  subidor!: Relation<Empleado> | null;

  /** Null while the upload is being received, and for files registered by the migration. */
  @Column({ name: 'tamano', type: 'bigint', nullable: true })
  tamano!: string | null;

  @Column({ name: 'tipo', type: 'varchar', length: 100, nullable: true })
  tipo!: string | null;

  @Column({ name: 'sha256', type: 'char', length: 64, nullable: true })
  sha256!: string | null;

  @CreateDateColumn({ name: 'fecha_creacion', type: 'timestamptz' })
  fecha_creacion!: Date;
}
