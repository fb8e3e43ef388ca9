import type { RolId } from '../../catalogs/rol.entity.js';
import { invalidValue } from '../scim-error.js';
import { ENTERPRISE_USER_SCHEMA, USER_SCHEMA } from '../scim-schemas.js';
import { booleanOf, correoOf, externalIdOf, isPlainObject, managerOf, namePartOf, nombreOf, rolOf } from './scim-values.js';

/** The mapped attributes a request sets; a name part set to null is cleared. */
export interface ScimUserChanges {
  userName?: string;
  workEmail?: string;
  externalId?: string;
  displayName?: string;
  formatted?: string;
  givenName?: string | null;
  familyName?: string | null;
  active?: boolean;
  role?: RolId;
  /** The manager's SCIM id; null removes the manager. */
  manager?: number | null;
  /** The work address's `formatted` text: Entra ID's physicalDeliveryOfficeName, matched to a work centre. */
  office?: string;
}

type Setter = (changes: ScimUserChanges, value: unknown) => void;

const WORK_EMAIL = 'emails[type eq "work"].value';
const ENTERPRISE = ENTERPRISE_USER_SCHEMA.toLowerCase();
const MANAGER = `${ENTERPRISE}:manager`;
const PRIMARY_ROLE = 'roles[primary eq "true"].value';
const WORK_ADDRESS = 'addresses[type eq "work"].formatted';

/**
 * The attributes this service keeps, by lower-case path (RFC 7644: attribute names are case
 * insensitive); a Map, so that `__proto__` or `constructor` name nothing. Anything else Entra ID
 * sends (title, phone numbers, the enterprise extension but its `manager`…) is ignored.
 */
const SETTERS = new Map<string, Setter>(Object.entries({
  username: (changes, value) => (changes.userName = correoOf(value, 'userName')),
  externalid: (changes, value) => (changes.externalId = externalIdOf(value)),
  displayname: (changes, value) => (changes.displayName = nombreOf(value, 'displayName')),
  name: (changes, value) => eachAttribute(changes, objectOf(value, 'name'), 'name.'),
  'name.formatted': (changes, value) => (changes.formatted = nombreOf(value, 'name.formatted')),
  'name.givenname': (changes, value) => (changes.givenName = namePartOf(value, 'name.givenName')),
  'name.familyname': (changes, value) => (changes.familyName = namePartOf(value, 'name.familyName')),
  active: (changes, value) => (changes.active = booleanOf(value, 'active')),
  emails: (changes, value) => {
    const work = chosenElement(value, 'emails', (element) => typeof element.type === 'string' && element.type.toLowerCase() === 'work');
    if (work) changes.workEmail = correoOf(work.value, WORK_EMAIL);
  },
  [WORK_EMAIL.toLowerCase()]: (changes, value) => (changes.workEmail = correoOf(value, WORK_EMAIL)),
  roles: (changes, value) => {
    const primary = chosenElement(value, 'roles', (element) => element.primary !== undefined && booleanOf(element.primary, 'roles.primary'));
    if (primary) changes.role = rolOf(primary.value, 'roles.value');
  },
  [PRIMARY_ROLE]: (changes, value) => (changes.role = rolOf(value, PRIMARY_ROLE)),
  addresses: (changes, value) => setOffice(changes, workAddressOf(value)?.formatted),
  [WORK_ADDRESS]: setOffice,
  [ENTERPRISE]: (changes, value) => eachAttribute(changes, objectOf(value, ENTERPRISE_USER_SCHEMA), `${ENTERPRISE}:`),
  [MANAGER]: (changes, value) => (changes.manager = managerOf(value)),
  [`${MANAGER}.value`]: (changes, value) => (changes.manager = managerOf(value)),
} satisfies Record<string, Setter>));

/** Paths a `remove` may name: the name parts are cleared; removing roles or the work address changes nothing. */
const REMOVABLE = new Map<string, (changes: ScimUserChanges) => void>(Object.entries({
  'name.givenname': (changes) => (changes.givenName = null),
  'name.familyname': (changes) => (changes.familyName = null),
  roles: () => undefined,
  [PRIMARY_ROLE]: () => undefined,
  emails: () => undefined,
  [WORK_EMAIL.toLowerCase()]: () => undefined,
  displayname: () => undefined,
  'name.formatted': () => undefined,
  [MANAGER]: (changes) => (changes.manager = null),
  [`${MANAGER}.value`]: (changes) => (changes.manager = null),
} satisfies Record<string, (changes: ScimUserChanges) => void>));
const REQUIRED = new Set(['username', 'externalid', 'active', 'name']);

/** `userName`, `urn:…:core:2.0:User:userName` and `emails[ type eq "work" ].value` all name the same attribute. */
export function normalizePath(path: string): string {
  const lower = path.toLowerCase().replace(/\s*([[\]])\s*/g, '$1').replace(/\s+/g, ' ').trim();
  const corePrefix = `${USER_SCHEMA.toLowerCase()}:`;
  return lower.startsWith(corePrefix) ? lower.slice(corePrefix.length) : lower;
}

export function setAttribute(changes: ScimUserChanges, path: string, value: unknown): void {
  SETTERS.get(normalizePath(path))?.(changes, value);
}

export function removeAttribute(changes: ScimUserChanges, path: string): void {
  const normalized = normalizePath(path);
  if (REQUIRED.has(normalized)) throw invalidValue(`${normalized === 'name' ? 'name' : path} is required and cannot be removed.`);
  REMOVABLE.get(normalized)?.(changes);
}

/** Every attribute of a resource (a POST or PUT body, a PATCH without path), under `prefix`. */
export function eachAttribute(changes: ScimUserChanges, resource: Record<string, unknown>, prefix = ''): ScimUserChanges {
  for (const [name, value] of Object.entries(resource)) setAttribute(changes, `${prefix}${name}`, value);
  return changes;
}

/**
 * The office is a hint, never a reason to refuse a user: anything but text (or blank text) is
 * ignored, as an office that names no centre is.
 */
function setOffice(changes: ScimUserChanges, value: unknown): void {
  if (typeof value === 'string' && value.trim()) changes.office = value;
}

/** The address of type work, else the only one; none when the value is not a list of addresses. */
function workAddressOf(value: unknown): Record<string, unknown> | undefined {
  const addresses = Array.isArray(value) ? value.filter(isPlainObject) : [];
  return addresses.find((address) => typeof address.type === 'string' && address.type.toLowerCase() === 'work') ?? (addresses.length === 1 ? addresses[0] : undefined);
}

function objectOf(value: unknown, attribute: string): Record<string, unknown> {
  if (!isPlainObject(value)) throw invalidValue(`${attribute} must be an object.`);
  return value;
}

/**
 * The element of a multi-valued attribute that applies: the one `matches` picks, else the only
 * one; none in an empty list. Several, none picked, is ambiguous.
 */
function chosenElement(value: unknown, attribute: string, matches: (element: Record<string, unknown>) => boolean): Record<string, unknown> | undefined {
  if (!Array.isArray(value) || !value.every(isPlainObject)) throw invalidValue(`${attribute} must be a list of objects.`);
  const elements = value as Record<string, unknown>[];
  const chosen = elements.find(matches) ?? (elements.length === 1 ? elements[0] : undefined);
  if (!chosen && elements.length) throw invalidValue(`${attribute}: mark the one that applies (type work for emails, primary for roles).`);
  return chosen;
}
