import { type RolId } from '../../catalogs/rol.entity.js';
import { IDP_OID_PATTERN, isCorreo, MAX_NOMBRE, normalizeIdpOid, ROL_NOMBRES, rolIdOf, WITHOUT_CONTROL_CHARACTERS } from '../../empleados/empleado-fields.js';
import { MAX_SERIAL } from '../../common/parse-id.pipe.js';
import { invalidValue } from '../scim-error.js';

/**
 * An attribute's value read with the employee rules (src/empleados/empleado-fields.ts), or a 400
 * `invalidValue` naming the attribute. Values are never echoed: they may be megabytes long.
 */

function textOf(value: unknown, attribute: string): string {
  if (typeof value !== 'string') throw invalidValue(`${attribute} must be a string.`);
  return value.trim();
}

/** `userName` and the work address become `correo`, which the employee needs to be an address. */
export function correoOf(value: unknown, attribute: string): string {
  const correo = textOf(value, attribute);
  if (!isCorreo(correo)) throw invalidValue(`${attribute} must be an e-mail address (map userPrincipalName or mail to it).`);
  return correo;
}

export function nombreOf(value: unknown, attribute: string): string {
  const nombre = textOf(value, attribute);
  if (!nombre || nombre.length > MAX_NOMBRE || !WITHOUT_CONTROL_CHARACTERS.test(nombre)) {
    throw invalidValue(`${attribute} must be 1 to ${MAX_NOMBRE} characters without line breaks or other control characters.`);
  }
  return nombre;
}

/** A given or family name; null or empty clears it. */
export function namePartOf(value: unknown, attribute: string): string | null {
  if (value === null || value === '') return null;
  return nombreOf(value, attribute);
}

/** Entra ID's objectId: the `oid` of the user's tokens, stored lower-case. */
export function externalIdOf(value: unknown): string {
  const externalId = textOf(value, 'externalId');
  if (!IDP_OID_PATTERN.test(externalId)) throw invalidValue("externalId must be the user's Entra ID object ID, a GUID (map objectId to it).");
  return normalizeIdpOid(externalId);
}

/** Entra ID sends booleans as JSON booleans or as the strings "True" and "False". */
export function booleanOf(value: unknown, attribute: string): boolean {
  if (typeof value === 'boolean') return value;
  const text = typeof value === 'string' ? value.toLowerCase() : undefined;
  if (text === 'true' || text === 'false') return text === 'true';
  throw invalidValue(`${attribute} must be true or false.`);
}

export function rolOf(value: unknown, attribute: string): RolId {
  const rol = typeof value === 'string' && value.length <= MAX_NOMBRE ? rolIdOf(value) : undefined;
  if (rol === undefined) throw invalidValue(`${attribute} must be one of ${Object.values(ROL_NOMBRES).join(', ')}.`);
  return rol;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A SCIM user id (an id_empleado) as text; other text names no user. */
export function scimIdOf(text: string): number | undefined {
  const value = /^[1-9]\d{0,9}$/.test(text) ? Number(text) : NaN;
  return value <= MAX_SERIAL ? value : undefined;
}

/**
 * The enterprise extension's `manager`: the manager's SCIM id, as a string (Entra's PATCH value) or
 * as `{value}` (a POST or PUT body); null, empty or an object without `value` clears it.
 */
export function managerOf(value: unknown): number | null {
  const id = isPlainObject(value) ? value.value : value;
  if (id === null || id === undefined || id === '') return null;
  const manager = typeof id === 'string' ? scimIdOf(id.trim()) : undefined;
  if (manager === undefined) throw invalidValue('manager.value must be the id of a provisioned user.');
  return manager;
}
