import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { AMBITOS_FESTIVO, type AmbitoFestivo } from '../../calendario-laboral/ambito-festivo.js';
import { COMUNIDAD_AUTONOMA_CODIGOS } from '../../catalogs/comunidades-autonomas.js';
import { MAX_DATE_TEXT_LENGTH } from '../../common/date-window.js';
import { Omittable } from '../../common/dto-field-rules.js';
import { DATE_IN_WINDOW_PATTERN, SINGLE_LINE_TEXT_PATTERN } from '../../common/openapi-patterns.js';
import { MAX_SERIAL } from '../../common/parse-id.pipe.js';

export class CreateDiaFestivoDto {
  @ApiProperty({ example: '2026-12-08', format: 'date', pattern: DATE_IN_WINDOW_PATTERN, maxLength: MAX_DATE_TEXT_LENGTH, description: 'A real date from 1900-01-01 to 2999-12-31, YYYY-MM-DD without time; otherwise 400 `fecha_invalida` naming the field' })
  @IsString()
  @MaxLength(MAX_DATE_TEXT_LENGTH)
  fecha!: string;

  @ApiProperty({ example: 'Inmaculada Concepción', minLength: 1, maxLength: 100, pattern: SINGLE_LINE_TEXT_PATTERN, description: 'Stored without leading and trailing spaces' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  // PostgreSQL text cannot hold NUL, and a holiday name has no use for any control character.
  @Matches(/^[^\p{Cc}]*$/u)
  nombre!: string;

  @ApiPropertyOptional({ enum: AMBITOS_FESTIVO, default: 'nacional', description: 'nacional: everyone; autonomico: employees of centres in comunidad_autonoma; local: employees of id_centro_trabajo' })
  @Omittable()
  @IsIn(AMBITOS_FESTIVO)
  ambito?: AmbitoFestivo;

  @ApiPropertyOptional({ enum: COMUNIDAD_AUTONOMA_CODIGOS, example: 'ES-CT', description: 'Required with ambito autonomico, refused otherwise (400 validacion naming it)' })
  @Omittable()
  @IsIn(COMUNIDAD_AUTONOMA_CODIGOS)
  comunidad_autonoma?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_SERIAL, example: 1, description: 'Required with ambito local, refused otherwise; an unknown centre is 400 centro_no_encontrado' })
  @Omittable()
  @IsInt()
  @Min(1)
  @Max(MAX_SERIAL)
  id_centro_trabajo?: number;

  @ApiPropertyOptional({ type: 'boolean', default: false, description: "Only with ambito autonomico: this date's national holiday is NOT a holiday in that community (the community replaced it)" })
  @Omittable()
  @IsBoolean()
  excluye_nacional?: boolean;
}
