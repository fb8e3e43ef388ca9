import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, OneToOne, PrimaryGeneratedColumn, type Relation, UpdateDateColumn } from 'typeorm';
import { numericTransformer } from '../../common/numeric.transformer.js';
import { Empleado } from '../../empleados/entities/empleado.entity.js';
import { ActualizacionPerfil } from './actualizacion-perfil.entity.js';
import { EstadoSolicitud } from '../../catalogs/estado-solicitud.entity.js';
import { TipoSolicitud } from '../../catalogs/tipo-solicitud.entity.js';

/** The table also has `descripcion_busqueda`, a generated column only SQL text search reads. */
@Entity({ name: 'solicitud' })
export class Solicitud {
  @PrimaryGeneratedColumn({ name: 'id_solicitud', type: 'int' })
  id_solicitud!: number;

  @Column({ name: 'id_empleado', type: 'int' })
  id_empleado!: number;

  @ManyToOne(() => Empleado)
  @JoinColumn({ name: 'id_empleado' })
  empleado!: Relation<Empleado>;

  @Column({ name: 'id_tipo_solicitud', type: 'int' })
  id_tipo_solicitud!: number;

  @ManyToOne(() => TipoSolicitud)
  @JoinColumn({ name: 'id_tipo_solicitud' })
  tipo!: Relation<TipoSolicitud>;

  @Column({ name: 'id_estado_solicitud', type: 'int', default: 1 })
  id_estado_solicitud!: number;

  @ManyToOne(() => EstadoSolicitud)
  @JoinColumn({ name: 'id_estado_solicitud' })
  estado!: Relation<EstadoSolicitud>;

  /** `YYYY-MM-DD`; `pg` returns DATE columns as strings when the type parser is set (see database module). */
  @Column({ name: 'fecha_inicio', type: 'date', nullable: true })
  fecha_inicio!: string | null;

  @Column({ name: 'fecha_fin', type: 'date', nullable: true })
  fecha_fin!: string | null;

  @Column({ name: 'dias_solicitados', type: 'numeric', precision: 6, scale: 2, nullable: true, transformer: numericTransformer })
  dias_solicitados!: number | null;

  @Column({ name: 'descripcion', type: 'varchar', length: 2000, nullable: true })
  descripcion!: string | null;

  @Column({ name: 'url_documento', type: 'varchar', length: 2048, nullable: true })
  url_documento!: string | null;

  /** The uploaded file `url_documento` names, when it is one (see Archivo). */
  @Column({ name: 'id_archivo_documento', type: 'int', nullable: true })
  id_archivo_documento!: number | null;

  @Column({ name: 'id_revisor', type: 'int', nullable: true })
  id_revisor!: number | null;

  @ManyToOne(() => Empleado)
  @JoinColumn({ name: 'id_revisor' })
  revisor!: Relation<Empleado> | null;

  @Column({ name: 'comentario_revision', type: 'varchar', length: 1000, nullable: true })
  comentario_revision!: string | null;

  @Column({ name: 'fecha_revision', type: 'timestamptz', nullable: true })
  fecha_revision!: Date | null;

  /** The owner asked to cancel this approved vacation; an approver has yet to decide (state stays 2). */
  @Column({ name: 'cancelacion_pendiente', type: 'boolean', default: false })
  cancelacion_pendiente!: boolean;

  /** The step a pending request waits at with APROBACION=responsable_y_admin; null otherwise. */
  @Column({ name: 'paso_aprobacion', type: 'varchar', length: 20, nullable: true })
  paso_aprobacion!: 'responsable' | 'admin' | null;

  @Column({ name: 'medio_dia_inicio', type: 'varchar', length: 10, nullable: true })
  medio_dia_inicio!: 'manana' | 'tarde' | null;

  @Column({ name: 'medio_dia_fin', type: 'varchar', length: 10, nullable: true })
  medio_dia_fin!: 'manana' | 'tarde' | null;

  @Column({ name: 'hora_inicio', type: 'time', nullable: true })
  hora_inicio!: string | null;

  @Column({ name: 'hora_fin', type: 'time', nullable: true })
  hora_fin!: string | null;

  @Column({ name: 'horas_solicitadas', type: 'numeric', precision: 4, scale: 2, nullable: true, transformer: numericTransformer })
  horas_solicitadas!: number | null;

  @Column({ name: 'fecha_referencia', type: 'date' })
  fecha_referencia!: string;

  @OneToOne(() => ActualizacionPerfil, (actualizacion) => actualizacion.solicitud)
  actualizacion_perfil!: Relation<ActualizacionPerfil> | null;

  @CreateDateColumn({ name: 'fecha_creacion', type: 'timestamptz' })
  fecha_creacion!: Date;

  @UpdateDateColumn({ name: 'fecha_actualizacion', type: 'timestamptz' })
  fecha_actualizacion!: Date;
}
