import { ApiProperty } from '@nestjs/swagger';
import type { CorreccionAplicada, PropuestaPor } from '../correccion-fichaje.repository.js';

export class PersonaCorreccionDto {
  @ApiProperty({ type: 'integer', example: 7 }) id_empleado!: number;
  @ApiProperty({ example: 'Ana García' }) nombre!: string;
}

/** Who proposed a correction of the day, why, and who accepted it when: the register's trace of the change. */
export class CorreccionAplicadaDto {
  @ApiProperty({ type: 'integer', example: 31, description: 'The request of type 6 (Corrección de fichaje)' }) id_solicitud!: number;
  @ApiProperty({ enum: ['empleado', 'empresa'], example: 'empleado', description: 'empleado: the worker proposed it and an approver approved it; empresa: an Admin or the manager proposed it and the worker accepted it' })
  propuesta_por!: PropuestaPor;
  @ApiProperty({ type: PersonaCorreccionDto }) proponente!: PersonaCorreccionDto;
  @ApiProperty({ example: 'Olvidé fichar la salida: salí a las 17:00.' }) motivo!: string;
  @ApiProperty({ type: PersonaCorreccionDto, nullable: true, description: 'Who approved it (a company proposal: the worker who accepted it)' })
  aprobada_por!: PersonaCorreccionDto | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: '2026-03-11T09:15:00.000Z' }) fecha_aprobacion!: Date | null;
}

export const toCorreccionAplicada = (correccion: CorreccionAplicada): CorreccionAplicadaDto => ({ ...correccion });
