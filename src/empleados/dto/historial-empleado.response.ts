import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { PaginationDto } from '../../common/pagination.js';
import { RevisorDto } from '../../solicitudes/dto/solicitud.response.js';

/** A field's value: text, a number (id_rol, id_responsable, dias_asignados, delegation counts) or a boolean (activo, vinculado_scim, enlace_calendario). */
// OpenAPI 3.0 has `nullable` only beside `type`: the text branch carries the null.
const FIELD_VALUE: ApiPropertyOptions = { oneOf: [{ type: 'string', nullable: true }, { type: 'number' }, { type: 'boolean' }] };

export class CambioEmpleadoDto {
  @ApiProperty({
    example: 'telefono',
    description:
      'nombre, correo, idp_oid, telefono, direccion, img_perfil, activo, id_rol, id_responsable, id_centro_trabajo, fecha_alta, fecha_baja, dias_asignados or id_jornada; vinculado_scim (SCIM DELETE, and a POST bringing the user back); ' +
      'on a deactivation, what it ended: delegaciones_dadas and delegaciones_recibidas (how many had not ended → 0), enlace_calendario (true → false), and id_rol when it was above Empleado',
  })
  campo!: string;

  @ApiPropertyOptional({ example: 2026, description: 'The vacation year, for dias_asignados' })
  anio?: number;

  @ApiPropertyOptional({ type: String, format: 'date', example: '2027-01-01', description: 'The first day of the schedule assignment, for id_jornada (anterior/nuevo: the id_jornada replaced and assigned from that day; null: none)' })
  desde?: string;

  @ApiProperty({ ...FIELD_VALUE, example: '+34 600 000 000', description: 'null when the field had no value (or the employee was being created)' })
  anterior!: unknown;

  @ApiProperty({ ...FIELD_VALUE, example: '+34 600 123 456' })
  nuevo!: unknown;

  @ApiPropertyOptional({ example: 22, description: 'For dias_asignados set with prorrateo: the full-time, full-year days that nuevo was prorated from' })
  dias_sin_prorrateo?: number;
}

export class HistorialEmpleadoDto {
  @ApiProperty({ example: 12 }) id_historial!: number;
  @ApiProperty({ type: String, format: 'date-time' }) fecha!: Date;
  @ApiProperty({
    enum: ['api', 'solicitud', 'importacion', 'asignacion', 'scim', 'migracion'],
    description: 'api: an admin endpoint; solicitud: an approved profile update (actor: the reviewer); importacion, asignacion: the command-line tools; scim: provisioning from Entra ID; migracion: a schema upgrade (what deactivation ends, taken from people deactivated before it did)',
  })
  origen!: string;
  @ApiProperty({ type: RevisorDto, nullable: true, description: 'Who made the change; null for the command-line tools, SCIM and schema upgrades' })
  actor!: RevisorDto | null;
  @ApiProperty({ type: [CambioEmpleadoDto] }) cambios!: CambioEmpleadoDto[];
}

export class HistorialEmpleadoPageDto {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ type: [HistorialEmpleadoDto], description: 'Newest first' }) data!: HistorialEmpleadoDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}
