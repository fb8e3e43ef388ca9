import { ApiProperty } from '@nestjs/swagger';
import type { CalendarDate } from '../../common/calendar-date.js';
import { ESTADOS_JORNADA, type EstadoJornada, MODALIDADES, type Modalidad, type OrigenFichaje, TIPOS_FICHAJE, type TipoFichaje } from '../fichaje-fields.js';
import type { FichajeRow } from '../fichajes.repository.js';
import type { MotivoRotura } from '../fichaje-hash.js';
import type { ResumenDia } from '../jornada-del-dia.js';
import type { CorreccionAplicada } from '../correccion-fichaje.repository.js';
import { CorreccionAplicadaDto, toCorreccionAplicada } from './correccion-aplicada.response.js';

export class FichajeDto {
  @ApiProperty({ type: 'integer', example: 1 }) id_fichaje!: number;
  @ApiProperty({ enum: TIPOS_FICHAJE, example: 'entrada' }) tipo!: TipoFichaje;
  @ApiProperty({ enum: MODALIDADES, example: 'presencial' }) modalidad!: Modalidad;
  @ApiProperty({ format: 'date-time', example: '2026-03-10T08:00:00.000Z', description: "The server's clock, UTC, milliseconds" }) instante!: string;
  @ApiProperty({ format: 'date', example: '2026-03-10', description: 'The working day it belongs to: the day its entrada was clocked, in the centre’s time zone' })
  fecha!: CalendarDate;
  @ApiProperty({ enum: ['empleado', 'correccion'], example: 'empleado', description: 'empleado: clocked; correccion: appended by an approved correction' }) origen!: OrigenFichaje;
  @ApiProperty({ example: true, description: 'False once a correction replaced it: it stays in the register and in its day, but no longer counts' })
  en_vigor!: boolean;
  @ApiProperty({ type: 'integer', nullable: true, example: null, description: 'The correction (request of type 6) that appended it; null for a clocking' })
  id_solicitud!: number | null;
  @ApiProperty({ type: 'integer', isArray: true, example: [], description: 'The records a correction’s record replaces: those of the day in force when it was approved' })
  sustituye!: number[];
  @ApiProperty({ example: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08', description: 'SHA-256 chaining it to the previous record, hex: a receipt' })
  hash!: string;
}

export class DiaFichajesDto {
  @ApiProperty({ format: 'date', example: '2026-03-10' }) fecha!: CalendarDate;
  @ApiProperty({
    enum: ESTADOS_JORNADA,
    example: 'dentro',
    description:
      'After the day’s last record in force: fuera, dentro or en_pausa; incompleto when left without salida past the end of the day plus FICHAJE_CIERRE_HORAS (it waits for a correction); corregido when that record comes from an approved correction',
  })
  estado!: EstadoJornada;
  @ApiProperty({ type: [FichajeDto], description: 'The day’s records in order, at most 100, the ones a correction replaced too (en_vigor false)' }) fichajes!: FichajeDto[];
  @ApiProperty({ type: [CorreccionAplicadaDto], description: 'The approved corrections of the day: who proposed each, why, who approved it and when' })
  correcciones!: CorreccionAplicadaDto[];
  @ApiProperty({ type: 'integer', example: 240, description: 'Whole minutes in over the records in force, up to now while in (an incompleto day: up to its last record)' })
  minutos_trabajados!: number;
  @ApiProperty({ type: 'integer', example: 30, description: 'Whole minutes in pauses, up to now during one' }) minutos_pausa!: number;
}

export class FichajeYDiaDto {
  @ApiProperty({ type: FichajeDto }) fichaje!: FichajeDto;
  @ApiProperty({ type: DiaFichajesDto }) dia!: DiaFichajesDto;
}

export class FichajeResponseDto {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ type: FichajeYDiaDto }) data!: FichajeYDiaDto;
}

export class DiaFichajesResponseDto {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ type: DiaFichajesDto }) data!: DiaFichajesDto;
}

export class RoturaCadenaDto {
  @ApiProperty({ type: 'integer', example: 42 }) id_fichaje!: number;
  @ApiProperty({
    enum: ['enlace_roto', 'contenido_alterado'],
    description: 'enlace_roto: its hash_anterior is not the previous record’s hash; contenido_alterado: its content does not give its hash',
  })
  motivo!: MotivoRotura;
}

export class VerificacionDto {
  @ApiProperty({ example: true }) valida!: boolean;
  @ApiProperty({ type: 'integer', example: 880, description: 'Records checked: all of the period, or up to the first broken one' }) registros!: number;
  @ApiProperty({ type: RoturaCadenaDto, nullable: true }) primer_error!: RoturaCadenaDto | null;
}

export class VerificacionResponseDto {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ type: VerificacionDto }) data!: VerificacionDto;
}

/** A record as answered; `en_vigor` left out: in force (a record just clocked). */
export function toFichaje(row: FichajeRow & { en_vigor?: boolean }): FichajeDto {
  return {
    id_fichaje: Number(row.id_fichaje),
    tipo: row.tipo,
    modalidad: row.modalidad,
    instante: row.instante.toISOString(),
    fecha: row.fecha,
    origen: row.origen,
    en_vigor: row.en_vigor ?? true,
    id_solicitud: row.id_solicitud === null ? null : Number(row.id_solicitud),
    sustituye: (row.sustituye ?? []).map(Number),
    hash: row.hash.toString('hex'),
  };
}

export function toDia(
  fecha: CalendarDate,
  fichajes: readonly (FichajeRow & { en_vigor?: boolean })[],
  recuento: ResumenDia,
  correcciones: readonly CorreccionAplicada[] = [],
): DiaFichajesDto {
  return { fecha, ...recuento, fichajes: fichajes.map(toFichaje), correcciones: correcciones.map(toCorreccionAplicada) };
}
