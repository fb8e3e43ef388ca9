import { normalizeIdpOid } from '../../empleados/empleado-fields.js';
import { invalidFilter, invalidValue } from '../scim-error.js';
import { MAX_RESULTS } from '../scim-schemas.js';

/** The three filters Entra ID sends: by correo (userName, work address; ignoring case) or by idp_oid. */
export type UsuarioFilter = { correo: string } | { idpOid: string };

export interface UsuariosQuery {
  filter?: UsuarioFilter;
  /** 1-based. */
  startIndex: number;
  count: number;
}

/** Longer than any address or GUID filter: refused before the pattern runs. */
export const MAX_FILTER_LENGTH = 1_000;
/** `attribute eq "value"`, the value a JSON string; attribute names and `eq` in any case (RFC 7644 §3.4.2.2). */
const FILTER = /^\s*(userName|externalId|emails\s*\[\s*type\s+eq\s+"work"\s*\]\s*\.\s*value)\s+eq\s+("(?:[^"\\]|\\.)*")\s*$/i;

export function parseUsuariosQuery(query: Record<string, unknown>): UsuariosQuery {
  return {
    filter: parseFilter(query.filter),
    // RFC 7644 §3.4.2.4: a startIndex below 1 is 1, a negative count is 0; more than maxResults is cut to it.
    startIndex: Math.max(1, integerOf(query.startIndex, 'startIndex') ?? 1),
    count: Math.min(MAX_RESULTS, Math.max(0, integerOf(query.count, 'count') ?? MAX_RESULTS)),
  };
}

function parseFilter(filter: unknown): UsuarioFilter | undefined {
  if (filter === undefined) return undefined;
  const supported = 'Supported filters: userName eq "value", externalId eq "value", emails[type eq "work"].value eq "value".';
  if (typeof filter !== 'string' || filter.length > MAX_FILTER_LENGTH) throw invalidFilter(`The filter is not supported. ${supported}`);
  const match = FILTER.exec(filter);
  const value = match && jsonString(match[2]!);
  if (value === undefined || value === null) throw invalidFilter(`The filter is not supported. ${supported}`);
  return match![1]!.toLowerCase() === 'externalid' ? { idpOid: normalizeIdpOid(value) } : { correo: value };
}

function jsonString(quoted: string): string | undefined {
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return undefined;
  }
}

function integerOf(value: unknown, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^-?\d{1,9}$/.test(value)) throw invalidValue(`${name} must be an integer.`);
  return Number(value);
}
