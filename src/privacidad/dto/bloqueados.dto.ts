import { ApiProperty } from '@nestjs/swagger';
import { IsInt, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { Trimmed, WITHOUT_CONTROL_CHARACTERS } from '../../common/dto-field-rules.js';
import { PaginationDto } from '../../common/pagination.js';
import { MAX_SERIAL } from '../../common/parse-id.pipe.js';
import type { TipoDatoConservado } from '../../config/app-config.js';

export const MIN_MOTIVO = 10;
export const MAX_MOTIVO = 500;
const TIPOS_BLOQUEADOS: TipoDatoConservado[] = ['solicitudes', 'documentos', 'fichajes', 'notificaciones', 'historial', 'accesos'];

export class AbrirConsultaDto {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_SERIAL, example: 42, description: 'Whose blocked data' })
  @IsInt()
  @Min(1)
  @Max(MAX_SERIAL)
  id_empleado!: number;

  @ApiProperty({
    minLength: MIN_MOTIVO,
    maxLength: MAX_MOTIVO,
    example: 'Requerimiento del Juzgado de lo Social n.º 3 de Madrid, autos 123/2026',
    description: 'The legal reason (a court, the Labour Inspectorate, the data protection authority...): trimmed, 10–500 characters, one line',
  })
  @Trimmed()
  @IsString()
  @MinLength(MIN_MOTIVO)
  @MaxLength(MAX_MOTIVO)
  @Matches(WITHOUT_CONTROL_CHARACTERS)
  motivo!: string;
}

export class ConsultaDto {
  @ApiProperty({ example: 7 })
  id_consulta!: number;

  @ApiProperty({ example: 42 })
  id_empleado!: number;

  @ApiProperty({ example: 'Requerimiento del Juzgado de lo Social n.º 3 de Madrid, autos 123/2026' })
  motivo!: string;

  @ApiProperty({ type: String, format: 'date-time', example: '2026-12-01T10:30:00.000Z', description: 'One hour after it was opened; then 410 consulta_caducada' })
  expira_en!: Date;
}

export class ConsultaAbiertaDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ example: 'Consulta abierta durante una hora. Cada acceso queda registrado.' })
  message!: string;

  @ApiProperty({ type: ConsultaDto })
  data!: ConsultaDto;
}

export class DatoBloqueadoDto {
  @ApiProperty({ example: 311 })
  id_dato_bloqueado!: number;

  @ApiProperty({ example: 'solicitud', description: 'The table the row was taken out of' })
  tabla!: string;

  @ApiProperty({ example: '1042', description: "The row's id in that table" })
  id_registro!: string;

  @ApiProperty({ type: 'object', additionalProperties: true, example: { id_solicitud: 1042, fecha_inicio: '2022-08-01', fecha_fin: '2022-08-12' }, description: 'The row as it was when blocked' })
  datos!: Record<string, unknown>;

  @ApiProperty({ type: [String], example: ['solicitudes/1659350400000-justificante.pdf'], description: 'Storage keys of the files it names' })
  archivos!: string[];

  @ApiProperty({ type: String, format: 'date-time', example: '2026-11-30T03:30:00.000Z' })
  bloqueado_en!: Date;

  @ApiProperty({ type: String, format: 'date', example: '2029-11-30', description: 'Deleted by the purge from this day' })
  purgar_desde!: string;
}

export class GrupoBloqueadoDto {
  @ApiProperty({ enum: TIPOS_BLOQUEADOS, example: 'solicitudes' })
  tipo!: TipoDatoConservado;

  @ApiProperty({ example: 3, description: 'Rows of this kind, on every page' })
  total!: number;

  @ApiProperty({ type: [DatoBloqueadoDto], description: 'The rows of this kind on this page, oldest first' })
  filas!: DatoBloqueadoDto[];
}

export class VistaBloqueadosDataDto extends ConsultaDto {
  @ApiProperty({ type: [GrupoBloqueadoDto], description: 'Every kind with blocked rows, in a fixed order; the page holds at most `limite` rows in all' })
  grupos!: GrupoBloqueadoDto[];
}

export class VistaBloqueadosDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ type: VistaBloqueadosDataDto })
  data!: VistaBloqueadosDataDto;

  @ApiProperty({ type: PaginationDto, description: 'Over all the rows, grouped by kind' })
  pagination!: PaginationDto;
}
