import { ApiProperty } from '@nestjs/swagger';
import type { AuthenticatedEmployee } from '../../auth/authenticated.js';

export class RolDto {
  @ApiProperty({ example: 1 })
  id_rol!: number;

  @ApiProperty({ example: 'Empleado' })
  nombre!: string;
}

export class EmpleadoActualDto {
  @ApiProperty({ example: 1 })
  id_empleado!: number;

  @ApiProperty({ example: 'ana.garcia@example.com' })
  correo!: string;

  @ApiProperty({ example: 'Ana García' })
  nombre!: string;

  @ApiProperty({ type: RolDto })
  rol!: RolDto;
}

export function toEmpleadoActual(employee: AuthenticatedEmployee): EmpleadoActualDto {
  return {
    id_empleado: employee.id_empleado,
    correo: employee.correo,
    nombre: employee.nombre,
    rol: { id_rol: employee.rol.id_rol, nombre: employee.rol.nombre },
  };
}
