import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { parse } from 'yaml';

/**
 * docker-compose.yml and .env.example as Docker Compose reads them: YAML, then `${VAR}`
 * interpolation from the `.env` file. Docker Hub is out of reach here, so the file is checked
 * structurally instead of being run.
 */

/** `$$` (a literal `$`), or `${NAME}`, `${NAME:-default}`, `${NAME-default}`, `${NAME:?error}`, `${NAME?error}`, `${NAME:+other}`, `${NAME+other}`. */
const REFERENCE = /\$(?:\$|\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([^}]*))?\})/g;

export type ComposeValue = string | number | boolean | null | ComposeValue[] | { [key: string]: ComposeValue };

export interface Service {
  image?: string;
  build?: ComposeValue;
  restart?: string;
  deploy?: { replicas?: number };
  environment?: Record<string, string>;
  command?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
}

export interface ComposeFile {
  services: Record<string, Service>;
}

export function readComposeText(): string {
  return readFileSync('docker-compose.yml', 'utf8');
}

/** .env.example's variables and, for each, the comment lines right above it. */
export function readEnvExample(): { values: Record<string, string>; comments: Record<string, string> } {
  const text = readFileSync('.env.example', 'utf8');
  const values = parseEnv(text) as Record<string, string>;
  const comments: Record<string, string> = {};
  let pending: string[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) pending.push(line.slice(1).trim());
    else if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(line)) {
      comments[line.slice(0, line.indexOf('='))] = pending.join(' ');
      pending = [];
    } else pending = [];
  }
  return { values, comments };
}

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

/** Compose's interpolation of every string of the parsed file; a `?` reference without a value throws its message. */
export function interpolate(value: ComposeValue, env: Record<string, string | undefined>): ComposeValue {
  if (typeof value === 'string') return interpolateString(value, env);
  if (Array.isArray(value)) return value.map((item) => interpolate(item, env));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolate(item, env)]));
  }
  return value;
}

function interpolateString(text: string, env: Record<string, string | undefined>): string {
  return text.replace(REFERENCE, (whole, name: string | undefined, operator: string | undefined, argument: string | undefined) => {
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

/** The file as `docker compose` sees it with this `.env`. */
export function loadCompose(env: Record<string, string | undefined>): ComposeFile {
  return interpolate(parse(readComposeText()) as ComposeValue, env) as unknown as ComposeFile;
}
