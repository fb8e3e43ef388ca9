import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { Omittable } from '../../common/dto-field-rules.js';
import { MODALIDADES, type Modalidad, TIPOS_FICHAJE, type TipoFichaje } from '../fichaje-fields.js';

export class CreateFichajeDto {
  @ApiProperty({ enum: TIPOS_FICHAJE, example: 'entrada', description: 'What the employee clocks: the time is always the server’s' })
  @IsIn(TIPOS_FICHAJE)
  tipo!: TipoFichaje;

  @ApiPropertyOptional({
    enum: MODALIDADES,
    example: 'presencial',
    description: 'Left out: teletrabajo when an approved remote-work request covers the day, otherwise presencial',
  })
  @Omittable()
  @IsIn(MODALIDADES)
  modalidad?: Modalidad;
}
