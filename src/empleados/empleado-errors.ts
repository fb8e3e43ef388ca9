import { HttpStatus } from '@nestjs/common';
import { apiError } from '../common/api-error.js';

export const empleadoNoEncontrado = () => apiError(HttpStatus.NOT_FOUND, 'empleado_no_encontrado', 'El empleado no existe.');

export const empleadoDuplicado = (campo: 'correo' | 'idp_oid') =>
  apiError(HttpStatus.CONFLICT, 'empleado_duplicado', `Ya existe un empleado con ese ${campo}.`, { campo });

export const soloSuperAdministrador = () =>
  apiError(
    HttpStatus.FORBIDDEN,
    'solo_super_administrador',
    'Solo un Super Administrador puede asignar roles de administración o modificar a otros administradores.',
  );

export const operacionSobreSiMismo = () =>
  apiError(HttpStatus.CONFLICT, 'operacion_sobre_si_mismo', 'No puedes cambiar tu propio rol, desactivarte ni asignarte vacaciones.');

export const asignacionMenorQueUsado = (anio: number, diasUsados: number) =>
  apiError(HttpStatus.CONFLICT, 'asignacion_menor_que_usado', `En ${anio} ya se han usado ${diasUsados} días: la asignación no puede ser menor.`, {
    dias_usados: diasUsados,
  });

export const sinCambios = () =>
  apiError(HttpStatus.BAD_REQUEST, 'sin_cambios', 'Indica al menos uno de los campos nombre, correo, telefono, direccion, img_perfil, activo, id_rol, id_responsable, id_centro_trabajo, fecha_alta o fecha_baja.');


export const responsableNoEncontrado = () =>
  apiError(HttpStatus.BAD_REQUEST, 'responsable_no_encontrado', 'El responsable indicado no existe.');

export const responsableCiclo = () =>
  apiError(HttpStatus.CONFLICT, 'responsable_ciclo', 'Un empleado no puede ser su propio responsable, ni directa ni indirectamente.');

export const responsableCadenaLarga = (maximo: number) =>
  apiError(HttpStatus.CONFLICT, 'responsable_cadena_larga', `La cadena de responsables no puede superar ${maximo} niveles.`);

export const altaPosteriorABaja = () =>
  apiError(HttpStatus.BAD_REQUEST, 'alta_posterior_a_baja', 'La fecha de alta no puede ser posterior a la fecha de baja.', {
    errores: [
      { campo: 'fecha_alta', mensaje: 'no puede ser posterior a fecha_baja.' },
      { campo: 'fecha_baja', mensaje: 'no puede ser anterior a fecha_alta.' },
    ],
  });

export const sinDiasEnElAnio = (anio: number) =>
  apiError(HttpStatus.BAD_REQUEST, 'sin_dias_en_el_anio', `El empleado no está de alta ningún día de ${anio}: no hay días que prorratear.`, {
    errores: [{ campo: 'anio', mensaje: 'no tiene ningún día entre la fecha de alta y la de baja del empleado.' }],
  });

export const prorrateoSuperaMaximo = (dias: number, maximo: number) =>
  apiError(HttpStatus.BAD_REQUEST, 'prorrateo_supera_maximo', `El prorrateo da ${dias} días, más de los ${maximo} que admite una asignación.`, {
    errores: [{ campo: 'dias_asignados', mensaje: `prorrateado supera ${maximo} días.` }],
  });
