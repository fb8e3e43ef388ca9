import { ApiProperty } from '@nestjs/swagger';
import { CentroTrabajoResumenDto } from '../../centros-trabajo/dto/centro-trabajo.response.js';
import { PaginationDto } from '../../common/pagination.js';
import { JornadaVigenteDto } from '../../jornadas/dto/jornada.response.js';
import { RolDto } from './empleado-actual.dto.js';
import { SaldoVacacionesDto } from './saldo-vacaciones.dto.js';

/** A row of the admin employee list. */
export class EmpleadoDto {
  @ApiProperty({ example: 7 }) id_empleado!: number;
  @ApiProperty({ example: 'ana.garcia@example.com' }) correo!: string;
  @ApiProperty({ example: 'Ana García' }) nombre!: string;
  @ApiProperty({ type: RolDto }) rol!: RolDto;
  @ApiProperty({ example: true, description: 'false: deactivated; their tokens are refused' }) activo!: boolean;
  @ApiProperty({ type: String, nullable: true, example: '+34 600 000 000' }) telefono!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Calle Mayor 1, Madrid' }) direccion!: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) img_perfil!: string | null;
  @ApiProperty({ type: 'integer', nullable: true, example: 3, description: "The employee's manager (id_empleado); null: none" }) id_responsable!: number | null;
}

export class EmpleadosPageDto {
  @ApiProperty({ example: 'success' }) status!: 'success';
  @ApiProperty({ type: [EmpleadoDto] }) data!: EmpleadoDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}

export class EmpleadoDetalleDto extends EmpleadoDto {
  @ApiProperty({ example: '0f8a4c3e-5b7d-4f1a-9c2e-6d3b8a1f0e47', description: 'The `oid` of the user in Entra ID' }) idp_oid!: string;
  @ApiProperty({ type: CentroTrabajoResumenDto, nullable: true, description: 'Where they work; null: no centre (national holidays only). Set with id_centro_trabajo' })
  centro_trabajo!: CentroTrabajoResumenDto | null;
  @ApiProperty({ type: String, format: 'date', nullable: true, example: '2024-03-01', description: 'The day they joined; null: not recorded' }) fecha_alta!: string | null;
  @ApiProperty({ type: String, format: 'date', nullable: true, example: null, description: 'Their last day; null: none set' }) fecha_baja!: string | null;
  @ApiProperty({ type: JornadaVigenteDto, nullable: true, description: 'The working schedule in force today; null: none assigned, the default week (8 hours Monday to Friday)' })
  jornada!: JornadaVigenteDto | null;
  @ApiProperty({ type: SaldoVacacionesDto }) vacaciones!: SaldoVacacionesDto;
}

export class EmpleadoDetalleResponseDto {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ type: EmpleadoDetalleDto }) data!: EmpleadoDetalleDto;
}
