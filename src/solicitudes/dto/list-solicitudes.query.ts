import { ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { IsCalendarDate } from '../../common/calendar-date.validator.js';
import { PaginationQueryDto } from '../../common/pagination.js';
import { ESTADO_SOLICITUD_IDS, TIPO_SOLICITUD_IDS } from '../../catalogs/catalog-values.js';

export class ListSolicitudesQuery extends PaginationQueryDto {
  @ApiPropertyOptional({ type: 'integer', enum: ESTADO_SOLICITUD_IDS, description: '1 Pendiente, 2 Aprobada, 3 Rechazada, 4 Cancelada' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(4)
  id_estado?: number;

  @ApiPropertyOptional({ type: 'integer', enum: TIPO_SOLICITUD_IDS, description: '1 Vacaciones, 2 Permiso, 3 Ausencia, 4 Teletrabajo, 5 Actualización de perfil' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(5)
  id_tipo?: number;

  @ApiPropertyOptional({
    minLength: 3,
    maxLength: 100,
    description: "Text in the description, the employee's name or e-mail, or the type or state name; case- and accent-insensitive",
  })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MinLength(3)
  @MaxLength(100)
  busqueda?: string;

  @ApiPropertyOptional({ format: 'date', example: '2026-01-01', description: 'fecha_inicio (or the creation date) on or after this date, YYYY-MM-DD from 1900-01-01 to 2999-12-31' })
  @IsOptional()
  @IsCalendarDate()
  fecha_desde?: string;

  @ApiPropertyOptional({ format: 'date', example: '2026-12-31', description: 'fecha_inicio (or the creation date) on or before this date, YYYY-MM-DD from 1900-01-01 to 2999-12-31' })
  @IsOptional()
  @IsCalendarDate()
  fecha_hasta?: string;
}

export class ListPendientesQuery extends OmitType(ListSolicitudesQuery, ['id_estado'] as const) {}
