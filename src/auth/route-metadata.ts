import type { ExecutionContext, Type } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';

type Handler = ExecutionContext['getHandler'] extends () => infer H ? H : never;

const remembered = new WeakMap<Handler, WeakMap<Type, Map<string | symbol, unknown>>>();

/**
 * `reflector.getAllAndOverride(key, [handler, controller])`, looked up once per route: the guards ask
 * on every request, and decorators do not change once the application runs. Keyed by controller
 * too, since two controllers may share an inherited handler and differ in their class decorators.
 */
export function routeMetadata<T>(reflector: Reflector, key: string | symbol, context: ExecutionContext): T | undefined {
  const handler = context.getHandler();
  const controller = context.getClass();
  let byController = remembered.get(handler);
  if (!byController) remembered.set(handler, (byController = new WeakMap()));
  let byKey = byController.get(controller);
  if (!byKey) byController.set(controller, (byKey = new Map()));
  if (!byKey.has(key)) byKey.set(key, reflector.getAllAndOverride<T>(key, [handler, controller]));
  return byKey.get(key) as T | undefined;
}
