import { RolId } from '../../catalogs/rol.entity.js';
import { invalidValue } from '../scim-error.js';
import type { ScimUserChanges } from './scim-user-changes.js';
import { nombreOf } from './scim-values.js';

/** An employee as SCIM provisions them: the mapped employee fields and Entra ID's name parts. */
export interface UsuarioScim {
  correo: string;
  nombre: string;
  idp_oid: string;
  id_rol: RolId;
  activo: boolean;
  nombre_pila: string | null;
  apellidos: string | null;
  /** The manager, an id_empleado (SCIM: the enterprise extension's manager.value). */
  id_responsable: number | null;
  /** The work centre, set from the office Entra ID sends (see ScimUsuariosService). */
  id_centro_trabajo: number | null;
}

/** A stored employee who is a SCIM resource. */
export interface UsuarioScimRow extends UsuarioScim {
  id_empleado: number;
  responsable_nombre: string | null;
  fecha_creacion: Date;
  fecha_actualizacion: Date;
}

/** The employee fields SCIM writes, in the history's terms. */
export const CAMPOS_EMPLEADO = ['nombre', 'correo', 'idp_oid', 'id_rol', 'activo', 'id_responsable', 'id_centro_trabajo'] as const;

/**
 * The employee a request asks for, starting from `base` (null: a new one). `correo` is userName,
 * else the work address; `nombre` is displayName, else name.formatted, else the given and family
 * names when the request sets either. Absent: new users are active Empleados without a manager, existing values stay.
 * `idCentroTrabajo` is the centre the request's office names, if it names one: otherwise the centre stays.
 */
export function resolveUsuario(base: UsuarioScim | null, changes: ScimUserChanges, idCentroTrabajo?: number): UsuarioScim {
  const nombre_pila = changes.givenName !== undefined ? changes.givenName : (base?.nombre_pila ?? null);
  const apellidos = changes.familyName !== undefined ? changes.familyName : (base?.apellidos ?? null);
  const partsChanged = changes.givenName !== undefined || changes.familyName !== undefined;
  const joined = partsChanged ? [nombre_pila, apellidos].filter(Boolean).join(' ') : '';
  const fromParts = joined ? nombreOf(joined, 'name.givenName and name.familyName together') : undefined;
  const correo = changes.userName ?? changes.workEmail ?? base?.correo;
  const idp_oid = changes.externalId ?? base?.idp_oid;
  const nombre = changes.displayName ?? changes.formatted ?? fromParts ?? base?.nombre;
  if (!correo) throw invalidValue('userName is required: the e-mail address of the user.');
  if (!idp_oid) throw invalidValue("externalId is required: the user's Entra ID object ID.");
  if (!nombre) throw invalidValue('displayName or name is required.');
  return {
    correo,
    nombre,
    idp_oid,
    id_rol: changes.role ?? base?.id_rol ?? RolId.Empleado,
    activo: changes.active ?? base?.activo ?? true,
    nombre_pila,
    apellidos,
    id_responsable: changes.manager !== undefined ? changes.manager : (base?.id_responsable ?? null),
    id_centro_trabajo: idCentroTrabajo ?? base?.id_centro_trabajo ?? null,
  };
}
