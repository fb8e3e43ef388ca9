import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsString, Matches, Max, Min } from 'class-validator';
import { Omittable } from '../../common/dto-field-rules.js';

const MAX_ID = 2_147_483_647;

/** `YYYY-MM` of a year in the date window (1900–2999). */
export const MES_PATTERN = '^(19\\d{2}|2\\d{3})-(0[1-9]|1[0-2])$';

/** How the summary is answered: the JSON document, or a download. */
export const FORMATOS_RESUMEN = ['json', 'csv', 'pdf'] as const;
export type FormatoResumen = (typeof FORMATOS_RESUMEN)[number];

export class ResumenQuery {
  @ApiProperty({ pattern: MES_PATTERN, example: '2026-10', description: 'The month, YYYY-MM; not after the current one' })
  @IsString()
  @Matches(new RegExp(MES_PATTERN))
  mes!: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_ID, example: 7, description: 'Whose summary; left out: the caller’s own' })
  @Omittable()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  id_empleado?: number;

  @ApiPropertyOptional({ enum: FORMATOS_RESUMEN, example: 'csv', description: 'json, csv or pdf; wins over the Accept header' })
  @Omittable()
  @IsIn(FORMATOS_RESUMEN)
  formato?: FormatoResumen;
}
