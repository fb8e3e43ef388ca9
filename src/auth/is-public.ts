import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import { AUTHENTICATION_OPTIONAL } from './optional-authentication.decorator.js';
import { IS_PUBLIC } from './public.decorator.js';

export function isPublicRoute(reflector: Reflector, context: ExecutionContext): boolean {
  return reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]) === true;
}

export function isAuthenticationOptional(reflector: Reflector, context: ExecutionContext): boolean {
  return reflector.getAllAndOverride<boolean>(AUTHENTICATION_OPTIONAL, [context.getHandler(), context.getClass()]) === true;
}
