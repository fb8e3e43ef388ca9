import { jest } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import { RolId } from '../catalogs/rol.entity.js';
import { isPublicRoute } from './is-public.js';
import { Public } from './public.decorator.js';
import { ROLES, Roles } from './roles.decorator.js';
import { routeMetadata } from './route-metadata.js';

class SharedHandlers {
  @Roles(RolId.Administrador)
  restricted(): void {}

  open(): void {}
}

@Public()
class PublicController extends SharedHandlers {}

class PrivateController extends SharedHandlers {}

const contextOf = (controller: typeof SharedHandlers, handler: () => void): ExecutionContext => new ExecutionContextHost([], controller, handler);

describe('routeMetadata', () => {
  it('asks the reflector once per route and key, however many requests come', () => {
    const reflector = new Reflector();
    const asked = jest.spyOn(reflector, 'getAllAndOverride');
    const context = contextOf(PrivateController, SharedHandlers.prototype.restricted);
    const answers = Array.from({ length: 5 }, () => routeMetadata<RolId[]>(reflector, ROLES, context));
    expect(answers).toEqual(Array(5).fill([RolId.Administrador]));
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it('answers each controller of an inherited handler by its own class decorators', () => {
    const reflector = new Reflector();
    const open = SharedHandlers.prototype.open;
    expect(isPublicRoute(reflector, contextOf(PublicController, open))).toBe(true);
    expect(isPublicRoute(reflector, contextOf(PrivateController, open))).toBe(false);
  });
});
