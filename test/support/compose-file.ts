import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { parse } from 'yaml';
import { interpolate, type YamlValue } from './interpolation.js';
import { TEST_AUDIENCE, TEST_ISSUER } from './test-identity-provider.js';

/**
 * docker-compose.yml and .env.example as Docker Compose reads them: YAML, then `${VAR}`
 * interpolation from the `.env` file. Docker Hub is out of reach here, so the file is checked
 * structurally instead of being run.
 */

export interface Service {
  image?: string;
  build?: YamlValue;
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

/** The file as `docker compose` sees it with this `.env`. */
export function loadCompose(env: Record<string, string | undefined>): ComposeFile {
  return interpolate(parse(readComposeText()) as YamlValue, env) as unknown as ComposeFile;
}

/** .env.example filled in as its comments say: generated secrets, a tenant, an address. */
export function filledEnv(): Record<string, string> {
  return {
    ...readEnvExample().values,
    AUTH_ISSUER_BASE_URL: TEST_ISSUER,
    AUTH_AUDIENCE: TEST_AUDIENCE,
    PUBLIC_BASE_URL: 'https://ess.example.com',
    POSTGRES_PASSWORD: randomBytes(32).toString('hex'),
    REDIS_PASSWORD: randomBytes(32).toString('hex'),
    AZURITE_ACCOUNT_KEY: randomBytes(64).toString('base64'),
    FILES_SIGNING_KEY: randomBytes(48).toString('base64'),
    SCIM_TOKEN: randomBytes(48).toString('base64'),
  };
}
