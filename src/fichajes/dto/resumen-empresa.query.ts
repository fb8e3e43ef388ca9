import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, Matches } from 'class-validator';
import { Omittable } from '../../common/dto-field-rules.js';

/** `YYYY-MM` from 1900-01 to 2999-12, the window dates have everywhere else. */
export const MES_PATTERN = '^(19\\d{2}|2\\d{3})-(0[1-9]|1[0-2])$';

export const FORMATOS_RESUMEN_EMPRESA = ['json', 'csv'] as const;
export type FormatoResumenEmpresa = (typeof FORMATOS_RESUMEN_EMPRESA)[number];

export class ResumenEmpresaQuery {
  @ApiProperty({ pattern: MES_PATTERN, example: '2026-03', description: 'The month, YYYY-MM' })
  @Matches(new RegExp(MES_PATTERN))
  mes!: string;

  @ApiPropertyOptional({ enum: FORMATOS_RESUMEN_EMPRESA, example: 'csv', description: 'Wins over the Accept header; left out: text/csv when Accept prefers it, otherwise json' })
  @Omittable()
  @IsIn(FORMATOS_RESUMEN_EMPRESA)
  formato?: FormatoResumenEmpresa;
}
