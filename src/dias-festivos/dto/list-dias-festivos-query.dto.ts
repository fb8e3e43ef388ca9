import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export class ListDiasFestivosQueryDto {
  @ApiPropertyOptional({ type: 'integer', example: 2026, minimum: 2000, maximum: 2100, description: "Only that year's holidays" })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(2000)
  @Max(2100)
  anio?: number;
}
