import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, Matches } from 'class-validator';
import { HORA_PATTERN, MEDIODIA, MEDIOS_DIAS, type MedioDia } from '../../calendario-laboral/medios-dias.js';
import { CreateSolicitudConFechasDto } from './create-solicitud-con-fechas.dto.js';

/** Body of vacation and absence requests: the dates, and optionally half a first or last day. */
export class CreateSolicitudConMediosDiasDto extends CreateSolicitudConFechasDto {
  @ApiPropertyOptional({
    enum: MEDIOS_DIAS,
    example: 'tarde',
    description:
      '`tarde`: the first day counts 0.5. On a one-day request given alone it names the half taken; `tarde` with medio_dia_fin `manana` is 400 `medios_dias_contradictorios`',
  })
  @IsOptional()
  @IsIn(MEDIOS_DIAS)
  medio_dia_inicio?: MedioDia;

  @ApiPropertyOptional({
    enum: MEDIOS_DIAS,
    example: 'manana',
    description: '`manana`: the last day counts 0.5. On a one-day request given alone it names the half taken',
  })
  @IsOptional()
  @IsIn(MEDIOS_DIAS)
  medio_dia_fin?: MedioDia;
}

const HORA_DESCRIPTION = `HH:mm in COMPANY_TIMEZONE. A permission by hours gives hora_inicio and hora_fin together (else 400 \`horas_incompletas\`), on one day (fecha_inicio = fecha_fin, else 400 \`horas_varios_dias\`), end after start (else 400 \`rango_horas_invalido\`), without medio_dia_* (else 400 \`horas_con_medio_dia\`). A morning ends at ${MEDIODIA} when hours are compared with half days`;

/** Body of permission requests: as vacation, or instead hours on one day. */
export class CreatePermisoDto extends CreateSolicitudConMediosDiasDto {
  @ApiPropertyOptional({ pattern: HORA_PATTERN, example: '09:00', description: HORA_DESCRIPTION })
  @IsOptional()
  @Matches(new RegExp(HORA_PATTERN))
  hora_inicio?: string;

  @ApiPropertyOptional({ pattern: HORA_PATTERN, example: '11:00', description: HORA_DESCRIPTION })
  @IsOptional()
  @Matches(new RegExp(HORA_PATTERN))
  hora_fin?: string;
}
