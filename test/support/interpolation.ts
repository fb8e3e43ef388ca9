/**
 * `${VAR}` interpolation as Docker Compose does it (and, for plain `${VAR}`, `envsubst`), on every
 * string of a parsed YAML document.
 */

/** `$$` (a literal `$`), or `${NAME}`, `${NAME:-default}`, `${NAME-default}`, `${NAME:?error}`, `${NAME?error}`, `${NAME:+other}`, `${NAME+other}`. */
const REFERENCE = /\$(?:\$|\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([^}]*))?\})/g;

export type YamlValue = string | number | boolean | null | YamlValue[] | { [key: string]: YamlValue };

/** Every variable the text references. */
export function referencedVariables(text: string): string[] {
  return [...new Set([...text.matchAll(REFERENCE)].map((match) => match[1]).filter((name): name is string => name !== undefined))];
}

/** Every reference with its operator and its default or message, as written. */
export function references(text: string): { name: string; operator: string; argument: string }[] {
  return [...text.matchAll(REFERENCE)]
    .filter((match) => match[1] !== undefined)
    .map((match) => ({ name: match[1]!, operator: match[2] ?? '', argument: match[3] ?? '' }));
}

/** Every string of a parsed document interpolated; a `?` reference without a value throws its message. */
export function interpolate(value: YamlValue, env: Record<string, string | undefined>): YamlValue {
  if (typeof value === 'string') return interpolateString(value, env);
  if (Array.isArray(value)) return value.map((item) => interpolate(item, env));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolate(item, env)]));
  }
  return value;
}

/** One text interpolated as a whole, keys included, as `envsubst` renders a file. */
export function interpolateString(text: string, env: Record<string, string | undefined>): string {
  return text.replace(REFERENCE, (_reference, name: string | undefined, operator: string | undefined, argument: string | undefined) => {
    if (name === undefined) return '$';
    const value = env[name];
    const unset = value === undefined;
    const missing = operator?.startsWith(':') ? unset || value === '' : unset;
    switch (operator) {
      case undefined:
        return value ?? '';
      case ':-':
      case '-':
        return missing ? argument! : value!;
      case ':?':
      case '?':
        if (missing) throw new Error(`required variable ${name} is missing a value: ${argument}`);
        return value!;
      default:
        return missing ? '' : argument!;
    }
  });
}
