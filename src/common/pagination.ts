import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** Deep offsets scan and discard every earlier row; past this, callers should narrow the filters. */
export const MAX_PAGE = 10_000;
export const MAX_PAGE_SIZE = 100;
/** Counting stops here: beyond it, `pagination.total` is the planner's estimate. */
export const EXACT_COUNT_LIMIT = 10_000;

export class PaginationQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE)
  pagina: number = 1;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: 10 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  limite: number = 10;
}

export class PaginationDto {
  @ApiProperty({ example: 42 })
  total!: number;

  @ApiProperty({ example: 1 })
  pagina!: number;

  @ApiProperty({ example: 10 })
  limite!: number;

  @ApiProperty({ example: 5 })
  total_paginas!: number;

  @ApiProperty({ example: true, description: 'false when total is an estimate: lists longer than 10,000 rows are not counted exactly' })
  total_exacto!: boolean;
}

export function paginationOf(total: number, query: PaginationQueryDto, exacto = true): PaginationDto {
  return { total, pagina: query.pagina, limite: query.limite, total_paginas: Math.ceil(total / query.limite), total_exacto: exacto };
}

/**
 * The total, when a page fetched with one row more than `limit` tells it: nothing follows and the
 * page is not past the end. Otherwise the list must be counted.
 */
export function totalShownBy(offset: number, limit: number, fetched: number): number | undefined {
  return fetched <= limit && (fetched > 0 || offset === 0) ? offset + fetched : undefined;
}

export function offsetOf(query: PaginationQueryDto): number {
  return (query.pagina - 1) * query.limite;
}
