import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import { AUTHENTICATION_OPTIONAL } from './optional-authentication.decorator.js';
import { IS_PUBLIC } from './public.decorator.js';
import { routeMetadata } from './route-metadata.js';

export function isPublicRoute(reflector: Reflector, context: ExecutionContext): boolean {
  return routeMetadata<boolean>(reflector, IS_PUBLIC, context) === true;
}

export function isAuthenticationOptional(reflector: Reflector, context: ExecutionContext): boolean {
  return routeMetadata<boolean>(reflector, AUTHENTICATION_OPTIONAL, context) === true;
}
