import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';

/** The request being served, for log lines written while serving it. */
const servedRequest = new AsyncLocalStorage<IncomingMessage>();

export function runServing<T>(request: IncomingMessage, serve: () => T): T {
  return servedRequest.run(request, serve);
}

export function requestBeingServed(): IncomingMessage | undefined {
  return servedRequest.getStore();
}
