import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, Max, Min } from 'class-validator';

const MAX_INT4 = 2_147_483_647;

export class MarcarLeidasDto {
  @ApiProperty({
    type: 'integer',
    isArray: true,
    minimum: 1,
    minItems: 1,
    maxItems: 100,
    example: [41, 42],
    description: "Ids of the caller's own notifications",
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsInt({ each: true })
  @Min(1, { each: true })
  // Larger values cannot be notification ids, and PostgreSQL would reject them as integers.
  @Max(MAX_INT4, { each: true })
  ids!: number[];
}
