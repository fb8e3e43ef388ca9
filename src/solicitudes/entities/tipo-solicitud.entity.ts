import { Column, Entity, PrimaryColumn } from 'typeorm';

export enum TipoSolicitudId {
  Vacaciones = 1,
  Permiso = 2,
  Ausencia = 3,
  Teletrabajo = 4,
  ActualizacionPerfil = 5,
}

@Entity({ name: 'tipo_solicitud' })
export class TipoSolicitud {
  @PrimaryColumn({ name: 'id_tipo_solicitud', type: 'int' })
  id_tipo_solicitud!: number;

  @Column({ name: 'nombre', type: 'varchar', length: 50 })
  nombre!: string;
}
