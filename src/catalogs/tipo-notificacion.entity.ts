import { Column, Entity, PrimaryColumn } from 'typeorm';

export enum TipoNotificacionId {
  Aprobacion = 1,
  Rechazo = 2,
  Documento = 3,
  Recordatorio = 4,
  Comunicado = 5,
  SolicitudNueva = 6,
  Recalculo = 7,
  FichajeIncompleto = 8,
  ResumenJornada = 9,
  CorreccionFichaje = 10,
}

@Entity({ name: 'tipo_notificacion' })
export class TipoNotificacion {
  @PrimaryColumn({ name: 'id_tipo_notificacion', type: 'int' })
  id_tipo_notificacion!: number;

  @Column({ name: 'codigo', type: 'varchar', length: 30 })
  codigo!: string;

  @Column({ name: 'nombre', type: 'varchar', length: 100 })
  nombre!: string;

  /** Whether an employee who has not chosen gets this type by e-mail too. */
  @Column({ name: 'correo_por_defecto', type: 'boolean', default: false })
  correo_por_defecto!: boolean;
}
