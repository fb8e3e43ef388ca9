import { ROL_NOMBRES } from '../../empleados/empleado-fields.js';
import { ENTERPRISE_USER_SCHEMA, SCIM_BASE_PATH, USER_SCHEMA } from '../scim-schemas.js';
import type { UsuarioScimRow } from './scim-usuario.js';

export function userLocation(baseUrl: string, id: number): string {
  return `${baseUrl}${SCIM_BASE_PATH}/Users/${id}`;
}

/** The employee as a SCIM User (RFC 7643 §4.1): the mapping of docs/decisions.md, "SCIM provisioning". */
export function toScimUser(row: UsuarioScimRow, baseUrl: string) {
  const rol = ROL_NOMBRES[row.id_rol];
  return {
    schemas: row.id_responsable === null ? [USER_SCHEMA] : [USER_SCHEMA, ENTERPRISE_USER_SCHEMA],
    id: String(row.id_empleado),
    externalId: row.idp_oid,
    userName: row.correo,
    displayName: row.nombre,
    name: {
      formatted: row.nombre,
      ...(row.nombre_pila !== null && { givenName: row.nombre_pila }),
      ...(row.apellidos !== null && { familyName: row.apellidos }),
    },
    active: row.activo,
    emails: [{ value: row.correo, type: 'work', primary: true }],
    roles: [{ value: rol, display: rol, primary: true }],
    ...(row.id_responsable !== null && {
      [ENTERPRISE_USER_SCHEMA]: {
        manager: { value: String(row.id_responsable), $ref: userLocation(baseUrl, row.id_responsable), displayName: row.responsable_nombre! },
      },
    }),
    meta: {
      resourceType: 'User',
      created: new Date(row.fecha_creacion).toISOString(),
      lastModified: new Date(row.fecha_actualizacion).toISOString(),
      location: userLocation(baseUrl, row.id_empleado),
    },
  };
}

export type ScimUser = ReturnType<typeof toScimUser>;
