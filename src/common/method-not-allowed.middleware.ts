import { HttpStatus } from '@nestjs/common';
import type { Express, NextFunction, Request, Response } from 'express';
import { METHODS } from 'node:http';
import { apiError } from './api-error.js';
import { defaultErrorFor } from './http-error-defaults.js';

interface RouteLayer {
  route?: { _methods(): string[] };
  match(path: string): unknown;
}

/**
 * A method the path has no route for answers 405 with `Allow` (RFC 9110) instead of the router's 404.
 * The routes are read from the Express router when the request comes, so they are all registered.
 */
export function methodNotAllowed(server: Express) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const stack = (server.router as unknown as { stack: RouteLayer[] }).stack;
    // Nest mounts middleware for every path as a route with every method: it says nothing about the path.
    const methodLists = stack
      .filter((layer) => layer.route && layer.match(request.path))
      .map((layer) => layer.route!._methods())
      .filter((methods) => methods.length < METHODS.length);
    if (!methodLists.length) return next();
    const allowed = new Set(methodLists.flat().map((method) => method.toUpperCase()));
    if (allowed.has(request.method)) return next();
    response.setHeader('Allow', [...allowed].sort().join(', '));
    const { code, message } = defaultErrorFor(HttpStatus.METHOD_NOT_ALLOWED);
    next(apiError(HttpStatus.METHOD_NOT_ALLOWED, code, message));
  };
}
