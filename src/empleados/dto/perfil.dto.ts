import { ApiProperty } from '@nestjs/swagger';
import { RolDto } from './empleado-actual.dto.js';

export class ActualizacionPendienteDto {
  @ApiProperty({ example: 42 }) id_solicitud!: number;
  @ApiProperty({ type: String, nullable: true, example: '+34 600 123 456' }) telefono!: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) direccion!: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) img_perfil!: string | null;
}

export class PerfilDto {
  @ApiProperty({ example: 1 }) id_empleado!: number;
  @ApiProperty({ example: 'ana.garcia@example.com' }) correo!: string;
  @ApiProperty({ example: 'Ana García' }) nombre!: string;
  @ApiProperty({ type: RolDto }) rol!: RolDto;
  @ApiProperty({ type: String, nullable: true, example: '+34 600 000 000' }) telefono!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Calle Mayor 1, Madrid' }) direccion!: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) img_perfil!: string | null;
  @ApiProperty({ type: ActualizacionPendienteDto, nullable: true, description: 'The profile update waiting for approval, if any' })
  actualizacion_pendiente!: ActualizacionPendienteDto | null;
}
