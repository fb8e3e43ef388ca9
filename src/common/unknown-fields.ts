import { getMetadataStorage, ValidationError, ValidationTypes, type ValidatorOptions } from 'class-validator';

/**
 * The keys a body or query was sent with, at every level. Taken before the DTO is built: the DTO
 * never holds a key its prototype answers (see `addUnknownFields`), and Nest's pipe deletes
 * `__proto__`, `constructor` and `prototype` from what was sent before building it.
 */
export interface SentKeys {
  /** An object's own keys, in the order sent; none for a list. */
  keys: string[];
  /** What was sent under each key (or list index) that holds an object or a list. */
  members: Map<string, SentKeys>;
}

export function sentKeysOf(value: object): SentKeys {
  const members = new Map<string, SentKeys>();
  for (const [key, member] of Object.entries(value)) {
    if (typeof member === 'object' && member !== null) members.set(key, sentKeysOf(member as object));
  }
  return { keys: Array.isArray(value) ? [] : Object.keys(value), members };
}

/**
 * The declared properties of each DTO class validated without groups (the global pipe's case). The
 * rules are fixed once the classes are loaded, and looking them up walks every validated class.
 */
const declaredByClass = new WeakMap<object, Map<string, boolean>>();

/** Each property the DTO's class declares a rule for; true where its value is validated as a nested DTO. */
function declaredProperties(dto: object, options: ValidatorOptions): Map<string, boolean> {
  // An object without a class (sent where a DTO was expected, but left plain) declares nothing.
  if (typeof dto.constructor !== 'function') return new Map();
  const cacheable = !options.groups?.length && !options.always && !options.strictGroups;
  const known = cacheable ? declaredByClass.get(dto.constructor) : undefined;
  if (known) return known;
  const metadatas = getMetadataStorage().getTargetValidationMetadatas(dto.constructor, '', options.always ?? false, options.strictGroups ?? false, options.groups);
  const declared = new Map<string, boolean>();
  for (const { propertyName, type } of metadatas) declared.set(propertyName, declared.get(propertyName) === true || type === ValidationTypes.NESTED_VALIDATION);
  if (cacheable) declaredByClass.set(dto.constructor, declared);
  return declared;
}

const unknownField = (property: string) => Object.assign(new ValidationError(), { property, constraints: { [ValidationTypes.WHITELIST]: `property ${property} should not exist` }, children: [] });

/**
 * Adds to class-validator's `errors` for `built` (a DTO, or a list of them) an error for every key
 * `sent` held that the DTO's class does not declare, first at its level, as class-validator's own
 * whitelist does; nested DTOs and lists of them too. That whitelist cannot be used: it reads the keys
 * of the built DTO, where class-transformer never copies `__proto__`, `constructor` or a name the
 * DTO inherits (`toString`, `hasOwnProperty`…), and looks each key up in a plain object, where
 * every such name is found.
 */
export function addUnknownFields(errors: ValidationError[], built: unknown, sent: SentKeys, options: ValidatorOptions): void {
  if (Array.isArray(built)) {
    for (const [index, members] of sent.members) addInProperty(errors, index, built[Number(index)], members, options);
    return;
  }
  if (typeof built !== 'object' || built === null) return;
  const declared = declaredProperties(built, options);
  for (const [key, members] of sent.members) {
    if (declared.get(key)) addInProperty(errors, key, (built as Record<string, unknown>)[key], members, options);
  }
  errors.unshift(...sent.keys.filter((key) => !declared.has(key)).map(unknownField));
}

function addInProperty(errors: ValidationError[], property: string, built: unknown, sent: SentKeys, options: ValidatorOptions): void {
  const existing = errors.find((error) => error.property === property);
  const children = existing?.children ?? [];
  addUnknownFields(children, built, sent, options);
  if (existing) existing.children = children;
  else if (children.length) errors.push(Object.assign(new ValidationError(), { property, constraints: {}, children }));
}
