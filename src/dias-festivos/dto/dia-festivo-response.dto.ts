import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AMBITOS_FESTIVO, type AmbitoFestivo } from '../../calendario-laboral/ambito-festivo.js';
import type { FestivoFila } from '../../calendario-laboral/calendario-laboral.repository.js';
import { COMUNIDAD_AUTONOMA_CODIGOS } from '../../catalogs/comunidades-autonomas.js';
import { ErrorResponseDto } from '../../common/openapi-responses.js';
import { PaginationDto } from '../../common/pagination.js';

export class DiaFestivoDto {
  @ApiProperty({ type: 'integer', example: 1 })
  id_dia_festivo!: number;

  @ApiProperty({ example: '2026-12-08', format: 'date' })
  fecha!: string;

  @ApiProperty({ example: 'Inmaculada Concepción' })
  nombre!: string;

  @ApiProperty({ enum: AMBITOS_FESTIVO, example: 'nacional' })
  ambito!: AmbitoFestivo;

  @ApiProperty({ type: String, enum: COMUNIDAD_AUTONOMA_CODIGOS, nullable: true, example: 'ES-CT', description: 'The community of an autonomico holiday; null otherwise' })
  comunidad_autonoma!: string | null;

  @ApiProperty({ type: 'integer', nullable: true, example: null, description: 'The centre of a local holiday; null otherwise' })
  id_centro_trabajo!: number | null;

  @ApiProperty({ example: false, description: "True: the community's employees do NOT have this date's national holiday (only in the list of all rows)" })
  excluye_nacional!: boolean;
}

export class DiasFestivosResponseDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ type: [DiaFestivoDto] })
  data!: DiaFestivoDto[];

  @ApiPropertyOptional({ type: PaginationDto, description: 'Only with todos=true: that list comes a page at a time' })
  pagination?: PaginationDto;
}

export class DiaFestivoCreadoResponseDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ example: 'Día festivo creado correctamente.' })
  message!: string;

  @ApiProperty({ type: DiaFestivoDto })
  data!: DiaFestivoDto;
}

export class DiaFestivoEliminadoResponseDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ example: 'Día festivo eliminado correctamente.' })
  message!: string;
}

export function toDiaFestivo(fila: FestivoFila): DiaFestivoDto {
  return {
    id_dia_festivo: fila.id_dia_festivo,
    fecha: fila.fecha,
    nombre: fila.nombre,
    ambito: fila.ambito,
    comunidad_autonoma: fila.comunidad_autonoma,
    id_centro_trabajo: fila.id_centro_trabajo,
    excluye_nacional: fila.excluye_nacional,
  };
}

export class FestivoOmitidoDto {
  @ApiProperty({ example: '2027-01-01', format: 'date' })
  fecha!: string;

  @ApiProperty({ example: 'Año Nuevo' })
  nombre!: string;

  @ApiProperty({ enum: AMBITOS_FESTIVO, example: 'nacional' })
  ambito!: AmbitoFestivo;

  @ApiProperty({ type: String, enum: COMUNIDAD_AUTONOMA_CODIGOS, nullable: true, example: 'ES-CT' })
  comunidad_autonoma!: string | null;

  @ApiProperty({ type: 'integer', nullable: true, example: null, description: 'The centre of a local holiday; null otherwise' })
  id_centro_trabajo!: number | null;
}

export class ImportacionFestivosDto {
  @ApiProperty({ type: [DiaFestivoDto], description: 'The holidays inserted, by date' })
  anadidos!: DiaFestivoDto[];

  @ApiProperty({ type: [FestivoOmitidoDto], description: 'The holidays left out: that date already had a holiday for that target' })
  omitidos!: FestivoOmitidoDto[];
}

export class ImportacionFestivosResponseDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ type: ImportacionFestivosDto })
  data!: ImportacionFestivosDto;
}

export class DiaFestivoActualizadoResponseDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ example: 'Día festivo actualizado correctamente.' })
  message!: string;

  @ApiProperty({ type: DiaFestivoDto })
  data!: DiaFestivoDto;
}

class LineaCsvDto {
  @ApiProperty({ type: 'integer', example: 3, description: 'The line of the file the row starts on (the header is line 1)' })
  line!: number;

  @ApiProperty({ example: 'comunidad_autonoma "ES-XX" is not the ISO code of a Spanish community: expected one of ES-AN, ….' })
  message!: string;
}

/** 400 of the CSV import: csv_invalido with its lines; any other 400 (a malformed JSON body sent instead) has no lines. */
export class CsvInvalidoResponseDto extends ErrorResponseDto {
  @ApiPropertyOptional({ type: [LineaCsvDto], description: 'With csv_invalido: every problem of the file, by line, as the CLI prints them' })
  lineas?: LineaCsvDto[];
}
