import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsNotEmpty, IsObject, IsString, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { IsCalendarDate } from '../../common/calendar-date.validator.js';
import { MAX_DATE_TEXT_LENGTH } from '../../common/date-window.js';
import { Omittable, trim } from '../../common/dto-field-rules.js';
import { DATE_IN_WINDOW_PATTERN, NOT_BLANK_PATTERN } from '../../common/openapi-patterns.js';
import { MAX_FICHAJES_PROPUESTOS, MIN_FICHAJES_PROPUESTOS } from '../../fichajes/correccion-propuesta.js';
import { MODALIDADES, type Modalidad, TIPOS_FICHAJE, type TipoFichaje } from '../../fichajes/fichaje-fields.js';

const MAX_ID = 2_147_483_647;
export const MAX_MOTIVO = 1000;

/** A date and a time, `T` or a space between, seconds and an offset optional. */
const FECHA_Y_HORA = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/;
const FECHA_Y_HORA_PATTERN =
  '^(19\\d{2}|2\\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])[T ]([01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d{1,9})?)?(Z|[+-]([01]\\d|2[0-3])(?::?[0-5]\\d)?)?$';

export class FichajePropuestoBodyDto {
  @ApiProperty({ enum: TIPOS_FICHAJE, example: 'entrada' })
  @IsIn(TIPOS_FICHAJE)
  tipo!: TipoFichaje;

  @ApiProperty({
    example: '2026-03-10T08:00',
    pattern: FECHA_Y_HORA_PATTERN,
    maxLength: MAX_DATE_TEXT_LENGTH,
    description:
      'ISO 8601 date and time: with an offset (Z, +01:00) it is that instant; without, the wall clock of the employee’s work centre. From the start of fecha to the end of the next day (a night shift’s salida), never in the future',
  })
  @IsString()
  @MaxLength(MAX_DATE_TEXT_LENGTH)
  @Matches(FECHA_Y_HORA)
  instante!: string;

  @ApiPropertyOptional({ enum: MODALIDADES, example: 'presencial', description: 'Left out: teletrabajo when an approved remote-work request covers the day, otherwise presencial' })
  @Omittable()
  @IsIn(MODALIDADES)
  modalidad?: Modalidad;
}

export class CreateCorreccionFichajeDto {
  @ApiProperty({
    format: 'date',
    pattern: DATE_IN_WINDOW_PATTERN,
    example: '2026-03-10',
    description: 'The working day corrected, YYYY-MM-DD: not after today, not before the employee’s fecha_alta, at most 4 years back (ET art. 34.9)',
  })
  @IsCalendarDate()
  fecha!: string;

  @ApiProperty({
    type: () => FichajePropuestoBodyDto,
    isArray: true,
    minItems: MIN_FICHAJES_PROPUESTOS,
    maxItems: MAX_FICHAJES_PROPUESTOS,
    example: [
      { tipo: 'entrada', instante: '2026-03-10T08:00' },
      { tipo: 'salida', instante: '2026-03-10T17:00' },
    ],
    description: 'The whole day as it should read, in order: entrada first, salida last, pauses closed, instants strictly increasing. On approval they replace the day’s records in force',
  })
  @IsArray()
  @ArrayMinSize(MIN_FICHAJES_PROPUESTOS)
  @ArrayMaxSize(MAX_FICHAJES_PROPUESTOS)
  // ValidateNested would take a list inside the list as a list of records.
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => FichajePropuestoBodyDto)
  fichajes!: FichajePropuestoBodyDto[];

  @ApiProperty({ example: 'Olvidé fichar la salida: salí a las 17:00.', minLength: 1, maxLength: MAX_MOTIVO, pattern: NOT_BLANK_PATTERN, description: 'Why, trimmed: kept with the correction for good' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_MOTIVO)
  motivo!: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_ID,
    example: 7,
    description: 'Whose day: left out (or the caller’s own), the worker proposes; someone else’s, the company proposes (an Admin, or their manager or the manager’s delegate today), and the worker must accept it',
  })
  @Omittable()
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  id_empleado?: number;
}
