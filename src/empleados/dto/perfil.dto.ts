import { ApiProperty, OmitType } from '@nestjs/swagger';
import { CentroTrabajoResumenDto } from '../../centros-trabajo/dto/centro-trabajo.response.js';
import { JornadaVigenteDto } from '../../jornadas/dto/jornada.response.js';
import { ActualizacionPerfilDto, RevisorDto } from '../../solicitudes/dto/solicitud.response.js';
import { EmpleadoDto } from './empleado.response.js';

export class ActualizacionPendienteDto extends ActualizacionPerfilDto {
  @ApiProperty({ example: 42 }) id_solicitud!: number;
}

/** The caller's own record as the admin list shows it (an active employee: no `activo`), their manager and team, and what awaits approval. */
export class PerfilDto extends OmitType(EmpleadoDto, ['activo', 'id_responsable'] as const) {
  @ApiProperty({ type: RevisorDto, nullable: true, description: "The caller's manager; null: none" })
  responsable!: RevisorDto | null;

  @ApiProperty({ type: CentroTrabajoResumenDto, nullable: true, description: 'Where the caller works; null: no centre (national holidays only)' })
  centro_trabajo!: CentroTrabajoResumenDto | null;

  @ApiProperty({ type: JornadaVigenteDto, nullable: true, description: "The caller's working schedule in force today; null: the default week (8 hours Monday to Friday)" })
  jornada!: JornadaVigenteDto | null;

  @ApiProperty({ type: 'integer', minimum: 0, example: 4, description: 'How many active employees have the caller as their manager' })
  equipo!: number;

  @ApiProperty({ type: ActualizacionPendienteDto, nullable: true, description: 'The profile update waiting for approval, if any' })
  actualizacion_pendiente!: ActualizacionPendienteDto | null;
}
