import { CorreoField, DireccionField, IdpOidField, IdRolField, NombreField, TelefonoField } from './empleado-body.decorators.js';

export class CreateEmpleadoDto {
  @CorreoField(true) correo!: string;
  @NombreField(true) nombre!: string;
  @IdpOidField() idp_oid!: string;
  @IdRolField() id_rol?: number;
  @TelefonoField() telefono?: string | null;
  @DireccionField() direccion?: string | null;
}
