import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Empleado } from '../../empleados/entities/empleado.entity.js';
import { Solicitud } from '../../solicitudes/entities/solicitud.entity.js';
import { TipoNotificacion } from '../../catalogs/tipo-notificacion.entity.js';

@Entity({ name: 'notificacion' })
export class Notificacion {
  @PrimaryGeneratedColumn({ name: 'id_notificacion', type: 'int' })
  id_notificacion!: number;

  @Column({ name: 'id_usuario', type: 'int' })
  id_usuario!: number;

  @Column({ name: 'id_tipo_notificacion', type: 'int' })
  id_tipo_notificacion!: number;

  @ManyToOne(() => TipoNotificacion)
  @JoinColumn({ name: 'id_tipo_notificacion' })
  tipo!: Relation<TipoNotificacion>;

  @Column({ name: 'titulo', type: 'varchar', length: 200 })
  titulo!: string;

  @Column({ name: 'mensaje', type: 'varchar', length: 2000 })
  mensaje!: string;

  @Column({ name: 'leido', type: 'boolean', default: false })
  leido!: boolean;

  @Column({ name: 'id_remitente', type: 'int', nullable: true })
  id_remitente!: number | null;

  @ManyToOne(() => Empleado)
  @JoinColumn({ name: 'id_remitente' })
  remitente!: Relation<Empleado> | null;

  @Column({ name: 'id_solicitud', type: 'int', nullable: true })
  id_solicitud!: number | null;

  @ManyToOne(() => Solicitud)
  @JoinColumn({ name: 'id_solicitud' })
  solicitud!: Relation<Solicitud> | null;

  /** The announcement a COMUNICADO notification is about; unique per recipient. */
  @Column({ name: 'id_comunicado', type: 'int', nullable: true })
  id_comunicado!: number | null;

  /** The month (its first day) a RESUMEN_JORNADA notification is about; unique per recipient. */
  @Column({ name: 'mes_resumen', type: 'date', nullable: true })
  mes_resumen!: string | null;

  @CreateDateColumn({ name: 'fecha_creacion', type: 'timestamptz' })
  fecha_creacion!: Date;
}
