import { HttpStatus } from '@nestjs/common';
import type { Express, NextFunction, Request, Response } from 'express';
import { METHODS } from 'node:http';
import { apiError } from './api-error.js';
import { defaultErrorFor } from './http-error-defaults.js';

interface RouteLayer {
  route?: { _methods(): string[] };
  match(path: string): unknown;
}

/** Paths come from callers: the memo of their routes' methods keeps this many, each this long at most. */
const REMEMBERED_PATHS = 1000;
const REMEMBERED_PATH_LENGTH = 200;

/**
 * A method the path has no route for answers 405 with `Allow` (RFC 9110) instead of the router's 404.
 * The routes are read from the Express router when the request comes, so they are all registered.
 * Matching a path against every route cost more than the rest of the routing, so each path's
 * answer is remembered (the routes do not change once the application serves).
 */
export function methodNotAllowed(server: Express) {
  const allowedByPath = new Map<string, Set<string> | null>();
  const allowedMethods = (path: string): Set<string> | null => {
    const remembered = allowedByPath.get(path);
    if (remembered !== undefined) return remembered;
    const allowed = routeMethods(server, path);
    if (path.length <= REMEMBERED_PATH_LENGTH) {
      if (allowedByPath.size >= REMEMBERED_PATHS) allowedByPath.delete(allowedByPath.keys().next().value!);
      allowedByPath.set(path, allowed);
    }
    return allowed;
  };
  return (request: Request, response: Response, next: NextFunction): void => {
    const allowed = allowedMethods(request.path);
    if (!allowed || allowed.has(request.method)) return next();
    response.setHeader('Allow', [...allowed].sort().join(', '));
    const { code, message } = defaultErrorFor(HttpStatus.METHOD_NOT_ALLOWED);
    next(apiError(HttpStatus.METHOD_NOT_ALLOWED, code, message));
  };
}

/** The methods the routes matching `path` allow; null when no route names its methods. */
function routeMethods(server: Express, path: string): Set<string> | null {
  const stack = (server.router as unknown as { stack: RouteLayer[] }).stack;
  // Nest mounts middleware for every path as a route with every method: it says nothing about the path.
  const methodLists = stack
    .filter((layer) => layer.route && layer.match(path))
    .map((layer) => layer.route!._methods())
    .filter((methods) => methods.length < METHODS.length);
  return methodLists.length ? new Set(methodLists.flat().map((method) => method.toUpperCase())) : null;
}
