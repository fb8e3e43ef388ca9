import { parseBooleanWord } from '../../common/dto-field-rules.js';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';

/** Query strings carry text: only the exact words `true` and `false` become booleans. */

export class ListarNotificacionesDto {
  @IsOptional()
  @Transform(parseBooleanWord)
  @IsBoolean()
  solo_no_leidas?: boolean;
}
