import { Column, Entity, PrimaryColumn } from 'typeorm';

export enum TipoSolicitudId {
  Vacaciones = 1,
  Permiso = 2,
  Ausencia = 3,
  Teletrabajo = 4,
  ActualizacionPerfil = 5,
  CorreccionFichaje = 6,
}

/** The seeded names (migration InitialSchema); responses use them without joining the table. */
export const TIPO_SOLICITUD_NOMBRES: Readonly<Record<TipoSolicitudId, string>> = {
  [TipoSolicitudId.Vacaciones]: 'Vacaciones',
  [TipoSolicitudId.Permiso]: 'Permiso',
  [TipoSolicitudId.Ausencia]: 'Ausencia',
  [TipoSolicitudId.Teletrabajo]: 'Teletrabajo',
  [TipoSolicitudId.ActualizacionPerfil]: 'Actualización de perfil',
  [TipoSolicitudId.CorreccionFichaje]: 'Corrección de fichaje',
};

@Entity({ name: 'tipo_solicitud' })
export class TipoSolicitud {
  @PrimaryColumn({ name: 'id_tipo_solicitud', type: 'int' })
  id_tipo_solicitud!: number;

  @Column({ name: 'nombre', type: 'varchar', length: 50 })
  nombre!: string;
}
