import { ApiProperty } from '@nestjs/swagger';
import { PaginationDto } from '../../common/pagination.js';
import { FORMATOS_REGISTRO } from '../registro-fila.js';

export const ESTADOS_ACCESO = ['activo', 'revocado', 'caducado'] as const;
export type EstadoAcceso = (typeof ESTADOS_ACCESO)[number];

export class PersonaAccesoDto {
  @ApiProperty({ type: 'integer', example: 2 }) id_empleado!: number;
  @ApiProperty({ example: 'Marta Ruiz' }) nombre!: string;
}

export class UsoAccesoDto {
  @ApiProperty({ format: 'date-time', example: '2026-07-01T09:12:44.120Z' }) instante!: string;
  @ApiProperty({ example: '203.0.113.7', description: 'The client address, as the service resolves it (behind TRUST_PROXY, the forwarded one)' }) direccion!: string;
  @ApiProperty({ enum: FORMATOS_REGISTRO, example: 'csv' }) formato!: string;
  @ApiProperty({ type: String, nullable: true, example: 'Mozilla/5.0', description: 'The User-Agent header, first 200 characters' }) agente_usuario!: string | null;
}

export class AccesoInspeccionDto {
  @ApiProperty({ type: 'integer', example: 1 }) id_acceso_inspeccion!: number;
  @ApiProperty({ format: 'date', example: '2026-01-01' }) desde!: string;
  @ApiProperty({ format: 'date', example: '2026-06-30' }) hasta!: string;
  @ApiProperty({ format: 'date-time', example: '2026-07-15T21:59:59.000Z' }) caduca!: string;
  @ApiProperty({ example: 'Requerimiento ITSS 28/123456/26, inspectora María Pérez' }) descripcion!: string;
  @ApiProperty({ enum: ESTADOS_ACCESO, example: 'activo', description: 'revocado once revoked; otherwise caducado from caduca on' }) estado!: EstadoAcceso;
  @ApiProperty({ type: PersonaAccesoDto }) creado_por!: PersonaAccesoDto;
  @ApiProperty({ format: 'date-time', example: '2026-07-01T08:00:00.000Z' }) creado_en!: string;
  @ApiProperty({ type: PersonaAccesoDto, nullable: true }) revocado_por!: PersonaAccesoDto | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null }) revocado_en!: string | null;
}

export class AccesoInspeccionConUsosDto extends AccesoInspeccionDto {
  @ApiProperty({ type: 'integer', example: 3, description: 'Every use of the URL so far' }) total_usos!: number;
  @ApiProperty({ type: [UsoAccesoDto], description: 'The latest uses, newest first, at most 50' }) usos!: UsoAccesoDto[];
}

export class AccesoInspeccionCreadoDto extends AccesoInspeccionDto {
  @ApiProperty({
    example: 'https://ess.example.com/api/inspeccion/registro?clave=3q2-7wAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    description: 'The secret URL, shown only now (only its hash is kept): the register of the period as CSV, no bearer token needed',
  })
  url!: string;
  @ApiProperty({ example: 'https://ess.example.com/api/inspeccion/registro?clave=3q2-7wAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA&formato=json', description: 'The same, as JSON' })
  url_json!: string;
}

export class AccesoInspeccionCreadoResponseDto {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ example: 'Acceso de inspección creado correctamente.' }) message!: string;
  @ApiProperty({ type: AccesoInspeccionCreadoDto }) data!: AccesoInspeccionCreadoDto;
}

export class AccesosInspeccionPageDto {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ type: [AccesoInspeccionConUsosDto], description: 'Newest first' }) data!: AccesoInspeccionConUsosDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}

export class AccesoInspeccionRevocadoResponseDto {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ example: 'Acceso de inspección revocado correctamente.' }) message!: string;
  @ApiProperty({ type: AccesoInspeccionDto }) data!: AccesoInspeccionDto;
}
