import type { Environment } from './environment.js';
import { weakSecretReason } from './secret-strength.js';

/** Each secret the service is given, and the variable holding the one it replaces during a rotation. */
const ROTATED_SECRETS = [
  ['FILES_SIGNING_KEY', 'FILES_SIGNING_KEY_PREVIOUS'],
  ['SCIM_TOKEN', 'SCIM_TOKEN_PREVIOUS'],
] as const;

type SecretName = (typeof ROTATED_SECRETS)[number][number];

/** The first problem of the secret variables as a one-line message naming the variable (never its value), or undefined. */
export function secretEnvironmentProblem(env: Pick<Environment, SecretName>): string | undefined {
  for (const [current, previous] of ROTATED_SECRETS) {
    for (const name of [current, previous]) {
      const reason = env[name] === undefined ? undefined : weakSecretReason(env[name]);
      if (reason) return `Invalid environment variable ${name}: ${reason}; make one with \`openssl rand -base64 48\``;
    }
    if (env[previous] !== undefined && env[current] === undefined) {
      return `Invalid environment variable ${previous}: set only beside ${current}, which holds the new value during a rotation`;
    }
  }
  return undefined;
}
