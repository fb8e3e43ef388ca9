import { ApiProperty } from '@nestjs/swagger';
import { MODALIDADES, TIPOS_FICHAJE } from '../fichaje-fields.js';
import type { RegistroSalida } from '../registro-formato.js';

/** One record of the raw register as the export and the Inspectorate's access serve it (a row of the CSV, an element of the JSON array). */
export class RegistroFichajeDto implements RegistroSalida {
  @ApiProperty({ type: 'integer', example: 1 }) id_fichaje!: number;
  @ApiProperty({ type: 'integer', example: 7 }) id_empleado!: number;
  @ApiProperty({ example: 'Ana García' }) nombre!: string;
  @ApiProperty({ example: 'ana@example.com' }) correo!: string;
  @ApiProperty({ type: String, nullable: true, example: 'MAD-1', description: "The employee's work centre today, by its code" }) codigo_centro_trabajo!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Oficina Madrid' }) centro_trabajo!: string | null;
  @ApiProperty({ format: 'date', example: '2026-03-10', description: 'The working day it belongs to' }) fecha!: string;
  @ApiProperty({ enum: TIPOS_FICHAJE, example: 'entrada' }) tipo!: string;
  @ApiProperty({ format: 'date-time', example: '2026-03-10T08:00:00.000Z', description: "The server's clock, UTC, milliseconds" }) instante!: string;
  @ApiProperty({ example: '2026-03-10 09:00:00', description: 'instante on the wall clock of zona_horaria' }) hora_local!: string;
  @ApiProperty({ example: 'Europe/Madrid', description: "The centre's time zone, or COMPANY_TIMEZONE without one" }) zona_horaria!: string;
  @ApiProperty({ enum: MODALIDADES, example: 'presencial' }) modalidad!: string;
  @ApiProperty({ enum: ['empleado', 'correccion'], example: 'empleado', description: 'correccion: appended by an approved correction (id_solicitud), replacing the records in sustituye' })
  origen!: string;
  @ApiProperty({ type: 'integer', nullable: true, example: null }) id_solicitud!: number | null;
  @ApiProperty({ type: 'integer', isArray: true, nullable: true, example: null, description: 'The records a correction replaces (in CSV: ids separated by spaces)' })
  sustituye!: number[] | null;
  @ApiProperty({ example: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08', description: 'SHA-256 chaining it to the employee’s previous record, hex' })
  hash!: string;
}
