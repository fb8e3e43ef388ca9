import { ApiProperty, OmitType } from '@nestjs/swagger';
import { ActualizacionPerfilDto } from '../../solicitudes/dto/solicitud.response.js';
import { EmpleadoDto } from './empleado.response.js';

export class ActualizacionPendienteDto extends ActualizacionPerfilDto {
  @ApiProperty({ example: 42 }) id_solicitud!: number;
}

/** The caller's own record as the admin list shows it (an active employee: no `activo`), and what awaits approval. */
export class PerfilDto extends OmitType(EmpleadoDto, ['activo'] as const) {
  @ApiProperty({ type: ActualizacionPendienteDto, nullable: true, description: 'The profile update waiting for approval, if any' })
  actualizacion_pendiente!: ActualizacionPendienteDto | null;
}
