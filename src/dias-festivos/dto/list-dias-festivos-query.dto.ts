import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { COMUNIDAD_AUTONOMA_CODIGOS } from '../../catalogs/comunidades-autonomas.js';
import { parseBooleanWord } from '../../common/dto-field-rules.js';
import { MAX_PAGE_SIZE, PaginationQueryDto } from '../../common/pagination.js';
import { MAX_SERIAL } from '../../common/parse-id.pipe.js';

/** pagina and limite page only the list of every row (todos=true): the other lists are one target's. */
export class ListDiasFestivosQueryDto extends PaginationQueryDto {
  @ApiPropertyOptional({ type: 'integer', example: 2026, minimum: 2000, maximum: 2100, description: "Only that year's holidays" })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(2000)
  @Max(2100)
  anio?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_SERIAL, description: "Admins: that centre's holidays (national, its community's, its own) instead of the caller's" })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_SERIAL)
  id_centro_trabajo?: number;

  @ApiPropertyOptional({ enum: COMUNIDAD_AUTONOMA_CODIGOS, description: "Admins: that community's holidays (national and its own) instead of the caller's" })
  @IsOptional()
  @IsIn(COMUNIDAD_AUTONOMA_CODIGOS)
  comunidad_autonoma?: string;

  @ApiPropertyOptional({ type: 'boolean', default: false, description: 'Admins: every row of every scope, including the national days a community drops, a page at a time (pagina, limite)' })
  @IsOptional()
  @Transform(parseBooleanWord)
  @IsBoolean()
  todos?: boolean;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: MAX_PAGE_SIZE, description: 'Rows per page of the list with todos=true; the other lists are not paged' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  override limite: number = MAX_PAGE_SIZE;
}
