import { Column, Entity, PrimaryColumn } from 'typeorm';

export enum EstadoSolicitudId {
  Pendiente = 1,
  Aprobada = 2,
  Rechazada = 3,
  Cancelada = 4,
}

@Entity({ name: 'estado_solicitud' })
export class EstadoSolicitud {
  @PrimaryColumn({ name: 'id_estado_solicitud', type: 'int' })
  id_estado_solicitud!: number;

  @Column({ name: 'nombre', type: 'varchar', length: 50 })
  nombre!: string;
}
