import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { Request, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import { securityHeaders } from './security-headers.js';

function headersAfter(middleware: (request: Request, response: Response, next: () => void) => void): Record<string, unknown> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  response.setHeader('X-Powered-By', 'Express');
  let passedOn = false;
  middleware(request as Request, response as Response, () => (passedOn = true));
  expect(passedOn).toBe(true);
  return response.getHeaders();
}

describe('securityHeaders', () => {
  const options: HelmetOptions[] = [
    {},
    { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:'], upgradeInsecureRequests: null } } },
    { strictTransportSecurity: false, frameguard: { action: 'deny' } },
  ];

  it.each(options)('sets exactly the headers helmet sets, and removes the ones it removes (%j)', (option) => {
    expect(headersAfter(securityHeaders(option))).toEqual(headersAfter(helmet(option)));
  });

  it('refuses, when the application starts, options helmet refuses', () => {
    expect(() => securityHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ['self'] } } })).toThrow(/should be quoted/);
  });
});
