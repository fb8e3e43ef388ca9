import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { MAX_DATE_TEXT_LENGTH } from '../../common/date-window.js';
import { DATE_IN_WINDOW_PATTERN, SINGLE_LINE_TEXT_PATTERN } from '../../common/openapi-patterns.js';

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
}
