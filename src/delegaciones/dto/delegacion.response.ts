import { ApiProperty } from '@nestjs/swagger';

export class PersonaDelegacionDto {
  @ApiProperty({ type: 'integer', example: 2 })
  id_empleado!: number;

  @ApiProperty({ example: 'Martín López' })
  nombre!: string;
}

export class DelegacionDto {
  @ApiProperty({ type: 'integer', example: 3 })
  id_delegacion!: number;

  @ApiProperty({ type: PersonaDelegacionDto, description: 'Who delegates' })
  delegante!: PersonaDelegacionDto;

  @ApiProperty({ type: PersonaDelegacionDto, description: 'Who decides in their name' })
  delegado!: PersonaDelegacionDto;

  @ApiProperty({ format: 'date', example: '2026-12-21' })
  desde!: string;

  @ApiProperty({ format: 'date', example: '2027-01-08', description: 'Last day, included' })
  hasta!: string;

  @ApiProperty({ example: false, description: 'Today (COMPANY_TIMEZONE) lies from desde to hasta' })
  activa!: boolean;
}

export class DelegacionesDto {
  @ApiProperty({ type: [DelegacionDto], description: "The caller's own, current and future, by desde; at most 20 (the cap on pending delegations)" })
  dadas!: DelegacionDto[];

  @ApiProperty({ type: [DelegacionDto], description: 'Given to the caller, current and future, by desde; the first 100' })
  recibidas!: DelegacionDto[];
}

export class DelegacionesResponseDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ type: DelegacionesDto })
  data!: DelegacionesDto;
}

export class DelegacionCreadaResponseDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ example: 'Delegación creada correctamente.' })
  message!: string;

  @ApiProperty({ type: DelegacionDto })
  data!: DelegacionDto;
}

export class DelegacionRevocadaResponseDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ example: 'Delegación revocada correctamente.' })
  message!: string;
}
