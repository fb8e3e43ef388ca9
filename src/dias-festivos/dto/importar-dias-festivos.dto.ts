import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, Max, Min } from 'class-validator';
import { COMUNIDAD_AUTONOMA_CODIGOS } from '../../catalogs/comunidades-autonomas.js';
import { Omittable } from '../../common/dto-field-rules.js';

export class ImportarDiasFestivosDto {
  @ApiProperty({ type: 'integer', example: 2027, minimum: 2000, maximum: 2100 })
  @IsInt()
  @Min(2000)
  @Max(2100)
  anio!: number;

  @ApiPropertyOptional({ enum: COMUNIDAD_AUTONOMA_CODIGOS, example: 'ES-CT', description: "Also that community's own holidays, as ambito autonomico" })
  @Omittable()
  @IsIn(COMUNIDAD_AUTONOMA_CODIGOS)
  comunidad_autonoma?: string;
}
