import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MEDIOS_DIAS, type MedioDia } from '../../calendario-laboral/medios-dias.js';
import { EstadoSolicitudDto, TipoSolicitudDto } from '../../solicitudes/dto/solicitud.response.js';

export class CalendarioEmpleadoDto {
  @ApiProperty({ type: 'integer', example: 7 }) id_empleado!: number;
  @ApiProperty({ example: 'Ana García' }) nombre!: string;
}

export class CalendarioEntryDto {
  @ApiProperty({ type: 'integer', example: 42 }) id_solicitud!: number;
  @ApiProperty({ type: CalendarioEmpleadoDto }) empleado!: CalendarioEmpleadoDto;
  @ApiProperty({ type: TipoSolicitudDto }) tipo!: TipoSolicitudDto;
  @ApiProperty({ type: EstadoSolicitudDto }) estado!: EstadoSolicitudDto;
  @ApiProperty({ format: 'date', example: '2026-07-06' }) fecha_inicio!: string;
  @ApiProperty({ format: 'date', example: '2026-07-10' }) fecha_fin!: string;
  @ApiPropertyOptional({ type: String, enum: MEDIOS_DIAS, example: 'tarde', description: 'Only when the request has it: `tarde`, out from the afternoon of fecha_inicio' })
  medio_dia_inicio?: MedioDia;
  @ApiPropertyOptional({ type: String, enum: MEDIOS_DIAS, example: 'manana', description: 'Only when the request has it: `manana`, out until noon of fecha_fin' })
  medio_dia_fin?: MedioDia;
  @ApiPropertyOptional({ example: '09:00', description: 'Only on a permission by hours: HH:mm in COMPANY_TIMEZONE' }) hora_inicio?: string;
  @ApiPropertyOptional({ example: '11:00', description: 'Only on a permission by hours: HH:mm in COMPANY_TIMEZONE' }) hora_fin?: string;
}

export class CalendarioResponseDto {
  @ApiProperty({ example: true }) success!: boolean;
  @ApiProperty({ type: [CalendarioEntryDto], description: 'By fecha_inicio, then name; at most 5,000' }) data!: CalendarioEntryDto[];
  @ApiProperty({ example: false, description: 'More than 5,000 entries matched: narrow the range or filter' }) truncado!: boolean;
}

export class CalendarioEnlaceDto {
  @ApiProperty({ example: 'https://ess.example.com/api/calendario.ics?clave=3q2-7w…', description: 'Shown only now: only its hash is kept' })
  url!: string;
}

export class CalendarioEnlaceResponseDto {
  @ApiProperty({ example: true }) success!: boolean;
  @ApiProperty({ example: 'Enlace de calendario creado correctamente.' }) message!: string;
  @ApiProperty({ type: CalendarioEnlaceDto }) data!: CalendarioEnlaceDto;
}
