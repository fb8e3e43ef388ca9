import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { Pagination20QueryDto } from '../../common/pagination-20.query.js';
import { MAX_SERIAL } from '../../common/parse-id.pipe.js';

export class ListDocumentosQuery extends Pagination20QueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_SERIAL, description: "Admins only: another employee's documents", example: 7 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_SERIAL)
  id_empleado?: number;
}
