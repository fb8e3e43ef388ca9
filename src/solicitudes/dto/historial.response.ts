import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { RevisorDto } from './solicitud.response.js';

export class HistorialDto {
  @ApiProperty({ type: Number, nullable: true, example: 1 }) id_estado_anterior!: number | null;
  @ApiProperty({ example: 2 }) id_estado_nuevo!: number;
  @ApiProperty({ type: RevisorDto, nullable: true, description: 'Who changed it; null for a recount caused by SCIM provisioning or the CLI import' })
  actor!: RevisorDto | null;
  @ApiProperty({ type: String, nullable: true }) comentario!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    // OpenAPI 3.0.3: a nullable enum lists null among its values, or null is not one of them.
    enum: ['solicitada', 'aprobada', 'rechazada', null],
    example: null,
    description: 'Set on the steps of cancelling an approved vacation: the owner asked for it, an approver approved or rejected it',
  })
  cancelacion!: 'solicitada' | 'aprobada' | 'rechazada' | null;
  @ApiProperty({ type: String, format: 'date-time' }) fecha!: Date;
  @ApiPropertyOptional({
    type: String,
    enum: ['responsable', 'admin'],
    description: 'Only with APROBACION=responsable_y_admin: the step this entry decided; an approved manager step keeps the state at 1',
  })
  paso_aprobacion?: 'responsable' | 'admin';
  @ApiPropertyOptional({ type: RevisorDto, description: 'Only when a delegate decided: the approver they acted for ("en nombre de")' })
  en_nombre_de?: RevisorDto;
}

export class HistorialResponseDto {
  @ApiProperty({ example: 'success' }) status!: 'success';
  @ApiProperty({ type: [HistorialDto] }) data!: HistorialDto[];
}
