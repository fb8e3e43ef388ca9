import { HttpStatus } from '@nestjs/common';
import { invalidValue, ScimError } from '../scim-error.js';
import { eachAttribute, removeAttribute, type ScimUserChanges, setAttribute } from './scim-user-changes.js';
import { isPlainObject } from './scim-values.js';

/**
 * The changes of a PatchOp (RFC 7644 §3.5.2), in order: `op` in any letter case, a `path` or an
 * object of attributes without one. Entra ID sends attributes this service does not keep: ignored.
 */
export function changesOfPatch(body: Record<string, unknown>): ScimUserChanges {
  const operations = body.Operations ?? body.operations;
  if (!Array.isArray(operations) || !operations.length) throw invalidValue('Operations must be a non-empty list of patch operations.');
  const changes: ScimUserChanges = {};
  for (const operation of operations) applyOperation(changes, operation);
  return changes;
}

function applyOperation(changes: ScimUserChanges, operation: unknown): void {
  if (!isPlainObject(operation)) throw invalidValue('Each patch operation must be an object.');
  const op = typeof operation.op === 'string' ? operation.op.toLowerCase() : undefined;
  const { path, value } = operation;
  if (op !== 'add' && op !== 'replace' && op !== 'remove') throw new ScimError(HttpStatus.BAD_REQUEST, 'op must be add, replace or remove.', 'invalidSyntax');
  if (path !== undefined && typeof path !== 'string') throw new ScimError(HttpStatus.BAD_REQUEST, 'path must be a string.', 'invalidPath');
  if (op === 'remove') {
    if (!path) throw new ScimError(HttpStatus.BAD_REQUEST, 'remove needs a path.', 'noTarget');
    removeAttribute(changes, path);
  } else if (path) {
    setAttribute(changes, path, value);
  } else {
    if (!isPlainObject(value)) throw invalidValue(`${op} without a path needs an object of attributes as its value.`);
    eachAttribute(changes, value);
  }
}
