import { Column, Entity, PrimaryColumn } from 'typeorm';

export enum RolId {
  Empleado = 1,
  Administrador = 2,
  SuperAdministrador = 3,
  /** A workers' legal representative (ET art. 34.9): an employee who also reads the company's pseudonymised monthly totals. */
  Representante = 4,
}

@Entity({ name: 'rol' })
export class Rol {
  @PrimaryColumn({ name: 'id_rol', type: 'int' })
  id_rol!: number;

  @Column({ name: 'nombre', type: 'varchar', length: 50 })
  nombre!: string;
}
