import { isEmail } from 'class-validator';
import { normalizeText } from '../common/sql-where.js';
import type { CambioEmpleado } from './entities/historial-empleado.entity.js';
import { RolId } from '../catalogs/rol.entity.js';

/** The rules an employee record follows, whether it comes through the API or the CSV import. */
export const MAX_CORREO = 254;
export const MAX_NOMBRE = 200;
export const MAX_TELEFONO = 30;
export const MAX_DIRECCION = 300;
export const MIN_ANIO = 2000;
export const MAX_ANIO = 2100;
/** A year's allocation: whole or fractional days, at most a year of them. */
export const MAX_DIAS_ASIGNADOS = 365;

export const ROL_NOMBRES: Record<RolId, string> = {
  [RolId.Empleado]: 'Empleado',
  [RolId.Administrador]: 'Administrador',
  [RolId.SuperAdministrador]: 'Super Administrador',
  [RolId.Representante]: 'Representante',
};

export { WITHOUT_CONTROL_CHARACTERS } from '../common/dto-field-rules.js';

/** Digits with an optional leading +, spaces, dashes and parentheses. */
export const TELEFONO_PATTERN = /^\+?[0-9 ()-]{6,30}$/;
/** TELEFONO_PATTERN as openapi.json states it for fields that are trimmed first and cleared when blank. */
export const TRIMMED_TELEFONO_PATTERN = '^\\s*((\\+[0-9 ()-]{5,29}[0-9()-]|[0-9()-][0-9 ()-]{4,28}[0-9()-])\\s*)?$';

/** Entra ID object ids are GUIDs; tokens carry them in lower case. */
export const IDP_OID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Lower case, as tokens carry it: an oid pasted in upper case would otherwise never match a token. */
export function normalizeIdpOid(oid: string): string {
  return oid.trim().toLowerCase();
}

export function isCorreo(text: string): boolean {
  return text.length <= MAX_CORREO && isEmail(text);
}

/** `1`–`4` or a role name, in any case and with or without accents. */
export function rolIdOf(text: string): RolId | undefined {
  const wanted = normalizeText(text.trim());
  if (/^[1-4]$/.test(wanted)) return Number(wanted) as RolId;
  const match = Object.entries(ROL_NOMBRES).find(([, nombre]) => normalizeText(nombre) === wanted);
  return match ? (Number(match[0]) as RolId) : undefined;
}

/** Four digits within the years the vacaciones table accepts. */
export function parseAnio(text: string): number | undefined {
  const anio = /^\d{4}$/.test(text) ? Number(text) : NaN;
  return anio >= MIN_ANIO && anio <= MAX_ANIO ? anio : undefined;
}

/** Up to two decimals: the column is numeric(6,2), and a silently rounded allocation would surprise. */
export function isDiasAsignados(value: unknown): value is number {
  return typeof value === 'number' && value >= 0 && value <= MAX_DIAS_ASIGNADOS && Number(value.toFixed(2)) === value;
}

/** The order fields are listed in a history entry, whatever order a request gave them in. */
const ORDEN_CAMPOS = ['nombre', 'correo', 'idp_oid', 'id_rol', 'activo', 'telefono', 'direccion', 'img_perfil', 'id_responsable', 'id_centro_trabajo', 'fecha_alta', 'fecha_baja'];
const ordenDe = (campo: string) => (ORDEN_CAMPOS.indexOf(campo) + ORDEN_CAMPOS.length + 1) % (ORDEN_CAMPOS.length + 1);

/** The fields of `next` whose value differs from `current`, as history entries. */
export function cambiosEntre<T extends object>(current: T, next: Partial<T>): CambioEmpleado[] {
  return (Object.keys(next) as (keyof T & string)[])
    .filter((campo) => next[campo] !== undefined && next[campo] !== current[campo])
    .sort((a, b) => ordenDe(a) - ordenDe(b))
    .map((campo) => ({ campo, anterior: current[campo] ?? null, nuevo: next[campo] ?? null }));
}

/**
 * Adds what a change brought about to its history entry; a field already there keeps its first `anterior` and
 * takes the last `nuevo` (a deactivation moving a fecha_baja the same request set), so each field appears once.
 */
export function foldChanges(cambios: CambioEmpleado[], more: readonly (CambioEmpleado | null)[]): void {
  for (const cambio of more) {
    if (!cambio) continue;
    const previo = cambios.find((existing) => existing.campo === cambio.campo);
    if (previo) previo.nuevo = cambio.nuevo;
    else cambios.push(cambio);
  }
}
