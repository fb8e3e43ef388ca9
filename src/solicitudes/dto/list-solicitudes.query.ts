import { SearchTermField } from '../../common/search-term.js';
import { DATE_IN_WINDOW_PATTERN } from '../../common/openapi-patterns.js';
import { ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { IsCalendarDate } from '../../common/calendar-date.validator.js';
import { PaginationQueryDto } from '../../common/pagination.js';
import { ESTADO_SOLICITUD_IDS, TIPO_SOLICITUD_IDS } from '../../catalogs/catalog-values.js';

export class ListSolicitudesQuery extends PaginationQueryDto {
  @ApiPropertyOptional({ type: 'integer', enum: ESTADO_SOLICITUD_IDS, description: '1 Pendiente, 2 Aprobada, 3 Rechazada, 4 Cancelada' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(Math.max(...ESTADO_SOLICITUD_IDS))
  id_estado?: number;

  @ApiPropertyOptional({ type: 'integer', enum: TIPO_SOLICITUD_IDS, description: '1 Vacaciones, 2 Permiso, 3 Ausencia, 4 Teletrabajo, 5 Actualización de perfil, 6 Corrección de fichaje' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(Math.max(...TIPO_SOLICITUD_IDS))
  id_tipo?: number;

  @SearchTermField(3, "Text in the description, the employee's name or e-mail, or the type or state name; case- and accent-insensitive")
  busqueda?: string;

  @ApiPropertyOptional({ format: 'date', pattern: DATE_IN_WINDOW_PATTERN, example: '2026-01-01', description: 'fecha_inicio (or the creation date) on or after this date, YYYY-MM-DD from 1900-01-01 to 2999-12-31' })
  @IsOptional()
  @IsCalendarDate()
  fecha_desde?: string;

  @ApiPropertyOptional({ format: 'date', pattern: DATE_IN_WINDOW_PATTERN, example: '2026-12-31', description: 'fecha_inicio (or the creation date) on or before this date, YYYY-MM-DD from 1900-01-01 to 2999-12-31' })
  @IsOptional()
  @IsCalendarDate()
  fecha_hasta?: string;
}

export class ListPendientesQuery extends OmitType(ListSolicitudesQuery, ['id_estado'] as const) {}
