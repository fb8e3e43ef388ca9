import { readFileSync } from 'node:fs';
import { getMetadataStorage } from 'class-validator';
import { Environment } from '../../src/config/environment.js';

/** Names of variables that hold secrets: each must come from a secret store, never from a deployment file. */
export const SECRET_NAME = /PASSWORD|SECRET|TOKEN|_KEY$/;

/** What the service reads: the properties of the class that validates its environment. */
export function serviceVariables(): Set<string> {
  return new Set(getMetadataStorage().getTargetValidationMetadatas(Environment, '', true, false).map((metadata) => metadata.propertyName));
}

/** `ENV NODE_ENV=production` and the rest of the image's environment, as the Dockerfile sets it. */
export function imageEnvironment(): Record<string, string> {
  const lines = readFileSync('Dockerfile', 'utf8').split('\n').filter((line) => line.startsWith('ENV '));
  return Object.fromEntries(lines.map((line) => line.slice(4).trim().split('=', 2) as [string, string]));
}
