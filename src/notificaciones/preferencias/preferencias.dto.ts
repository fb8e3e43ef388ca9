import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsObject, IsOptional, ValidateIf, ValidateNested } from 'class-validator';
import { CODIGOS_TIPO_NOTIFICACION, type CodigoTipoNotificacion } from '../../catalogs/tipo-notificacion-codigo.js';

export class PreferenciaCambiadaDto {
  @ApiProperty({ enum: CODIGOS_TIPO_NOTIFICACION, example: 'COMUNICADO' })
  @IsIn(CODIGOS_TIPO_NOTIFICACION)
  tipo!: CodigoTipoNotificacion;

  @ApiProperty({ example: true, description: 'Also by e-mail (in-app notifications are always on)' })
  @IsBoolean()
  correo!: boolean;
}

export class CambiarPreferenciasDto {
  @ApiPropertyOptional({
    type: () => PreferenciaCambiadaDto,
    isArray: true,
    minItems: 1,
    maxItems: CODIGOS_TIPO_NOTIFICACION.length,
    example: [{ tipo: 'COMUNICADO', correo: true }],
    description: 'The types to change; types left out keep their setting, and a type named twice takes its last value. Optional when resumen_diario is given',
  })
  @ValidateIf((body: CambiarPreferenciasDto) => body.resumen_diario === undefined || body.preferencias !== undefined)
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(CODIGOS_TIPO_NOTIFICACION.length)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => PreferenciaCambiadaDto)
  preferencias?: PreferenciaCambiadaDto[];

  @ApiPropertyOptional({ example: true, description: 'New requests to decide in one daily e-mail instead of one each; left out, unchanged' })
  @IsOptional()
  @IsBoolean()
  resumen_diario?: boolean;
}

export class PreferenciaDto {
  @ApiProperty({ enum: CODIGOS_TIPO_NOTIFICACION, example: 'SOLICITUD_NUEVA' })
  tipo!: CodigoTipoNotificacion;

  @ApiProperty({ example: 'Solicitud pendiente de tu aprobación' })
  nombre!: string;

  @ApiProperty({ example: true, description: 'Always true: every notification is shown in the portal' })
  en_app!: true;

  @ApiProperty({ example: true, description: 'Also sent by e-mail (when the service sends e-mail)' })
  correo!: boolean;

  @ApiProperty({ example: true, description: "true while the employee has not chosen: correo is the type's default" })
  por_defecto!: boolean;
}

export class PreferenciasDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ type: [PreferenciaDto], description: 'Every notification type, in catalogue order' })
  data!: PreferenciaDto[];

  @ApiProperty({
    example: false,
    description:
      'true: new requests waiting on the caller (SOLICITUD_NUEVA) are not e-mailed one by one but listed in one e-mail a day (DIGEST_CRON); in-app notifications are unchanged',
  })
  resumen_diario!: boolean;
}
