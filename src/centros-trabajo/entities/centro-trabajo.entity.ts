import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { ComunidadAutonoma } from '../../catalogs/comunidades-autonomas.js';

/** Where employees work: its community decides their regional holidays. `codigo` is unique in any case. */
@Entity({ name: 'centro_trabajo' })
export class CentroTrabajo {
  @PrimaryGeneratedColumn({ name: 'id_centro_trabajo', type: 'int' })
  id_centro_trabajo!: number;

  @Column({ name: 'nombre', type: 'varchar', length: 100 })
  nombre!: string;

  @Column({ name: 'codigo', type: 'varchar', length: 30 })
  codigo!: string;

  @Column({ name: 'comunidad_autonoma', type: 'varchar', length: 5 })
  comunidad_autonoma!: ComunidadAutonoma;

  @Column({ name: 'localidad', type: 'varchar', length: 100, nullable: true })
  localidad!: string | null;

  /** An IANA name; the service checks it against the runtime's list. */
  @Column({ name: 'zona_horaria', type: 'varchar', length: 64 })
  zona_horaria!: string;

  @CreateDateColumn({ name: 'fecha_creacion', type: 'timestamptz' })
  fecha_creacion!: Date;

  @UpdateDateColumn({ name: 'fecha_actualizacion', type: 'timestamptz' })
  fecha_actualizacion!: Date;
}
