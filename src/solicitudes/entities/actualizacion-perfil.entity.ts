import { Column, Entity, JoinColumn, OneToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Solicitud } from './solicitud.entity.js';

/** The changes a profile-update request proposes; applied to `empleado` only on approval. */
@Entity({ name: 'actualizacion_perfil' })
export class ActualizacionPerfil {
  @PrimaryGeneratedColumn({ name: 'id_actualizacion_perfil', type: 'int' })
  id_actualizacion_perfil!: number;

  @Column({ name: 'id_solicitud', type: 'int' })
  id_solicitud!: number;

  @OneToOne(() => Solicitud, (solicitud) => solicitud.actualizacion_perfil, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'id_solicitud' })
  solicitud!: Relation<Solicitud>;

  @Column({ name: 'telefono', type: 'varchar', length: 30, nullable: true })
  telefono!: string | null;

  @Column({ name: 'direccion', type: 'varchar', length: 300, nullable: true })
  direccion!: string | null;

  @Column({ name: 'img_perfil', type: 'varchar', length: 2048, nullable: true })
  img_perfil!: string | null;

  /** The uploaded file `img_perfil` names, when it is one (see Archivo). */
  @Column({ name: 'id_archivo_img_perfil', type: 'int', nullable: true })
  id_archivo_img_perfil!: number | null;
}
