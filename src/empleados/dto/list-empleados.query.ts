import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import { SearchTermField } from '../../common/search-term.js';
import { PaginationQueryDto } from '../../common/pagination.js';
import { ROL_IDS } from '../../catalogs/catalog-values.js';

export class ListEmpleadosQuery extends PaginationQueryDto {
  @SearchTermField(2, 'Text in the name or e-mail; case- and accent-insensitive')
  busqueda?: string;

  @ApiPropertyOptional({ type: 'integer', enum: ROL_IDS, description: '1 Empleado, 2 Administrador, 3 Super Administrador, 4 Representante' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(Math.max(...ROL_IDS))
  id_rol?: number;

  @ApiPropertyOptional({ type: Boolean, description: 'true: active employees only; false: deactivated only' })
  @IsOptional()
  // Only the words themselves: `activo=0` or `activo=no` is refused rather than read as true.
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  activo?: boolean;
}
