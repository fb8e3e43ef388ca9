import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { MAX_SERIAL } from '../../common/parse-id.pipe.js';
import type { DatoConservado } from '../plazos-de-conservacion.js';
import type { DatoSuprimido, TipoDatoSuprimido } from '../supresion.repository.js';

const TIPOS_SUPRIMIDOS: TipoDatoSuprimido[] = ['notificaciones', 'preferencias_notificacion', 'resumen_diario', 'enlace_calendario', 'foto_perfil', 'contacto'];
const TIPOS_CONSERVADOS: DatoConservado['tipo'][] = ['solicitudes', 'documentos', 'fichajes', 'historial', 'accesos', 'contacto'];

export class SolicitarSupresionDto {
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    maximum: MAX_SERIAL,
    example: 42,
    description: "Whose data: the caller's own id, or, for an Admin or Super Admin, that of an employee who has left (inactive)",
  })
  @IsInt()
  @Min(1)
  @Max(MAX_SERIAL)
  id_empleado!: number;
}

export class DatoSuprimidoDto implements DatoSuprimido {
  @ApiProperty({ enum: TIPOS_SUPRIMIDOS, example: 'notificaciones', description: 'contacto (phone and address) only for an employee who has left' })
  tipo!: TipoDatoSuprimido;

  @ApiProperty({ example: 'Tus notificaciones.' })
  descripcion!: string;

  @ApiProperty({ example: 12, description: 'Rows deleted (0: there was nothing)' })
  eliminados!: number;
}

export class DatoConservadoDto implements DatoConservado {
  @ApiProperty({ enum: TIPOS_CONSERVADOS, example: 'fichajes', description: 'contacto only while the employee is active' })
  tipo!: DatoConservado['tipo'];

  @ApiProperty({ example: 'Registro diario de jornada (fichajes) y sus correcciones.' })
  descripcion!: string;

  @ApiProperty({ example: 'RGPD art. 17.3.b; Estatuto de los Trabajadores art. 34.9 (registro de jornada, cuatro años).' })
  base_legal!: string;

  @ApiProperty({ example: '4 años desde la baja (2026-11-30), y después bloqueados hasta su eliminación.' })
  plazo!: string;

  @ApiProperty({ type: String, format: 'date', nullable: true, example: '2030-11-30', description: 'Last day of the retention period; null while the employee has not left' })
  conservado_hasta!: string | null;

  @ApiProperty({ type: String, format: 'date', nullable: true, example: '2033-11-30', description: 'Blocked (LOPDGDD art. 32) after conservado_hasta until this day, then deleted; null while unknown' })
  bloqueado_hasta!: string | null;
}

export class RespuestaSupresionDto {
  @ApiProperty({ example: 118, description: 'The entry of the privacy registry that stores this answer' })
  id_registro!: number;

  @ApiProperty({ example: 42 })
  id_empleado!: number;

  @ApiProperty({ example: false })
  activo!: boolean;

  @ApiProperty({ type: String, format: 'date', nullable: true, example: '2026-11-30', description: 'The leave date the periods count from' })
  fecha_baja!: string | null;

  @ApiProperty({ type: [DatoSuprimidoDto], description: 'Erased now' })
  suprimidos!: DatoSuprimidoDto[];

  @ApiProperty({ type: [DatoConservadoDto], description: 'Kept, each until a date and under a law (GDPR art. 17(3))' })
  conservados!: DatoConservadoDto[];
}

export class SupresionDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ example: 'Solicitud de supresión atendida: lo que se podía borrar se ha borrado; el resto se conserva por obligación legal.' })
  message!: string;

  @ApiProperty({ type: RespuestaSupresionDto })
  data!: RespuestaSupresionDto;
}
