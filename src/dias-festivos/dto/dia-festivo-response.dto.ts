import { ApiProperty } from '@nestjs/swagger';
import type { DiaFestivo } from '../entities/dia-festivo.entity.js';

export class DiaFestivoDto {
  @ApiProperty({ type: 'integer', example: 1 })
  id_dia_festivo!: number;

  @ApiProperty({ example: '2026-12-08', format: 'date' })
  fecha!: string;

  @ApiProperty({ example: 'Inmaculada Concepción' })
  nombre!: string;
}

export class DiasFestivosResponseDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ type: [DiaFestivoDto] })
  data!: DiaFestivoDto[];
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

export function toDiaFestivo(diaFestivo: DiaFestivo): DiaFestivoDto {
  return { id_dia_festivo: diaFestivo.id_dia_festivo, fecha: diaFestivo.fecha, nombre: diaFestivo.nombre };
}
