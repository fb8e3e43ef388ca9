import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsNotEmpty, IsObject, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { Omittable, trim, WITHOUT_CONTROL_CHARACTERS } from '../../common/dto-field-rules.js';
import { SINGLE_LINE_TEXT_PATTERN } from '../../common/openapi-patterns.js';
import { DIAS_SEMANA, MAX_HORAS_DIA, MAX_NOMBRE_JORNADA, MAX_PERIODOS, MES_DIA_PATTERN } from '../jornada-fields.js';
import { IsMesDia, IsSemanaHoras, NoAntesDeDesde, PeriodosSinSolapes, SemanaConHoras } from './jornada-validators.js';

/** `required`: the create body needs it; otherwise it may be left out (but not sent as null). */
const presence = (required: boolean) => (required ? [] : [Omittable()]);
const doc = (required: boolean, options: Parameters<typeof ApiProperty>[0]) => (required ? ApiProperty(options) : ApiPropertyOptional(options));

/** How openapi.json states a week of hours. */
export const semanaDoc = (example: number[], description: string): ApiPropertyOptions => ({
  type: 'array',
  minItems: DIAS_SEMANA,
  maxItems: DIAS_SEMANA,
  items: { type: 'number', minimum: 0, maximum: MAX_HORAS_DIA, multipleOf: 0.25 },
  example,
  description,
});

export const NombreJornadaField = (required: boolean) =>
  applyDecorators(
    doc(required, { example: 'Jornada completa', minLength: 1, maxLength: MAX_NOMBRE_JORNADA, pattern: SINGLE_LINE_TEXT_PATTERN, description: 'Trimmed; unique, case-insensitively (409 jornada_duplicada). The CSV import names the schedule by it' }),
    ...presence(required),
    Transform(trim),
    IsString(),
    IsNotEmpty(),
    MaxLength(MAX_NOMBRE_JORNADA),
    Matches(WITHOUT_CONTROL_CHARACTERS),
  );

export const HorasSemanaField = (required: boolean) =>
  applyDecorators(
    doc(required, semanaDoc([8, 8, 8, 8, 8, 0, 0], 'Hours each weekday, Monday first: 0 to 24 in quarter hours, at least one day above 0')),
    ...presence(required),
    IsSemanaHoras(),
    SemanaConHoras(),
  );

export const PeriodosField = (required: boolean) =>
  applyDecorators(
    doc(required, {
      type: () => PeriodoJornadaDto,
      isArray: true,
      maxItems: MAX_PERIODOS,
      example: [{ desde: '07-01', hasta: '08-31', horas: [7, 7, 7, 7, 7, 0, 0] }],
      description: 'Parts of the year with their own hours, none overlapping another. Left out on creation: none; on a change: unchanged ([] removes them all)',
    }),
    ...presence(required),
    IsArray(),
    ArrayMaxSize(MAX_PERIODOS),
    // ValidateNested would take a list inside the list as a list of periods, and find nothing wrong in [].
    IsObject({ each: true }),
    PeriodosSinSolapes(),
    ValidateNested({ each: true }),
    Type(() => PeriodoJornadaDto),
  );

const MES_DIA_DOC = { pattern: MES_DIA_PATTERN.source, minLength: 5, maxLength: 5 };

/** A part of every year (`desde` to `hasta`, both included) with its own hours each weekday. */
export class PeriodoJornadaDto {
  @ApiProperty({ ...MES_DIA_DOC, example: '07-01', description: 'First day, MM-DD' })
  @IsMesDia()
  desde!: string;

  @ApiProperty({ ...MES_DIA_DOC, example: '08-31', description: 'Last day, MM-DD, not before desde: a period across New Year is given as two. 02-29 ends on 02-28 in common years' })
  @IsMesDia()
  @NoAntesDeDesde()
  hasta!: string;

  @ApiProperty(semanaDoc([7, 7, 7, 7, 7, 0, 0], 'Hours each weekday in the period, Monday first: 0 to 24 in quarter hours (all 0: nobody works, a closure)'))
  @IsSemanaHoras()
  horas!: number[];
}
