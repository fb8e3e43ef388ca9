import { Column, Entity, PrimaryColumn } from 'typeorm';

export enum RolId {
  Empleado = 1,
  Administrador = 2,
  SuperAdministrador = 3,
}

@Entity({ name: 'rol' })
export class Rol {
  @PrimaryColumn({ name: 'id_rol', type: 'int' })
  id_rol!: number;

  @Column({ name: 'nombre', type: 'varchar', length: 50 })
  nombre!: string;
}
