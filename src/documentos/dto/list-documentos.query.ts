import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { Pagination20QueryDto } from '../../common/pagination-20.query.js';

export class ListDocumentosQuery extends Pagination20QueryDto {
  @ApiPropertyOptional({ description: "Admins only: another employee's documents", example: 7 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  id_empleado?: number;
}
