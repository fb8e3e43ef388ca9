import { ActivoField, CorreoField, DireccionField, FechaAltaBajaField, IdCentroTrabajoField, IdResponsableField, IdRolField, ImgPerfilField, NombreField, TelefonoField } from './empleado-body.decorators.js';

/** A partial update: the fields given are changed, at least one must be (checked by the service). */
export class UpdateEmpleadoDto {
  @NombreField(false) nombre?: string;
  @CorreoField(false) correo?: string;
  @TelefonoField() telefono?: string | null;
  @DireccionField() direccion?: string | null;
  @ImgPerfilField() img_perfil?: string | null;
  @ActivoField() activo?: boolean;
  @IdRolField() id_rol?: number;
  @IdResponsableField() id_responsable?: number | null;
  @IdCentroTrabajoField() id_centro_trabajo?: number | null;
  @FechaAltaBajaField('The day they joined') fecha_alta?: string | null;
  @FechaAltaBajaField('Their last day') fecha_baja?: string | null;
}
