import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** An employee's own choice for one notification type; without a row the type's default applies. */
@Entity({ name: 'preferencia_notificacion' })
export class PreferenciaNotificacion {
  @PrimaryColumn({ name: 'id_empleado', type: 'int' })
  id_empleado!: number;

  @PrimaryColumn({ name: 'id_tipo_notificacion', type: 'int' })
  id_tipo_notificacion!: number;

  @Column({ name: 'correo', type: 'boolean' })
  correo!: boolean;

  @UpdateDateColumn({ name: 'actualizado_en', type: 'timestamptz' })
  actualizado_en!: Date;
}
