import { Column, Entity, PrimaryColumn } from 'typeorm';

export enum EstadoSolicitudId {
  Pendiente = 1,
  Aprobada = 2,
  Rechazada = 3,
  Cancelada = 4,
}

/** The seeded names (migration InitialSchema); responses use them without joining the table. */
export const ESTADO_SOLICITUD_NOMBRES: Readonly<Record<EstadoSolicitudId, string>> = {
  [EstadoSolicitudId.Pendiente]: 'Pendiente',
  [EstadoSolicitudId.Aprobada]: 'Aprobada',
  [EstadoSolicitudId.Rechazada]: 'Rechazada',
  [EstadoSolicitudId.Cancelada]: 'Cancelada',
};

@Entity({ name: 'estado_solicitud' })
export class EstadoSolicitud {
  @PrimaryColumn({ name: 'id_estado_solicitud', type: 'int' })
  id_estado_solicitud!: number;

  @Column({ name: 'nombre', type: 'varchar', length: 50 })
  nombre!: string;
}
