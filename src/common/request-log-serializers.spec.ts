import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { requestLogSerializers } from './request-log-serializers.js';

function request(url: string, headers: Record<string, string>, originalUrl?: string) {
  const message = Object.assign(new IncomingMessage(new Socket()), { url, headers, method: 'GET', id: 'r-1' });
  return originalUrl === undefined ? message : Object.assign(message, { originalUrl });
}

describe('requestLogSerializers', () => {
  it('shows a request with its secret parameters and credential headers hidden, its other headers as sent', () => {
    const logged = requestLogSerializers.req(
      request('/api/calendario.ics?clave=k3y&x=1', {
        authorization: 'Bearer t0ken',
        'proxy-authorization': 'Basic cHJveHk=',
        cookie: 'sesion=c00kie',
        referer: 'https://ess.example.com/vuelta?code=c0de&state=s',
        'user-agent': 'Calendario/1.0',
      }),
    );
    expect(logged).toEqual({
      id: 'r-1',
      method: 'GET',
      url: '/api/calendario.ics?clave=[redacted]&x=1',
      headers: {
        authorization: '[redacted]',
        'proxy-authorization': '[redacted]',
        cookie: '[redacted]',
        referer: 'https://ess.example.com/vuelta?code=[redacted]&state=s',
        'user-agent': 'Calendario/1.0',
      },
      remoteAddress: undefined,
      remotePort: undefined,
    });
  });

  it('shows the URL the client asked for, not the part a mounted middleware sees', () => {
    expect(requestLogSerializers.req(request('/?firma=f1rma', {}, '/uploads/documentos/1-a.pdf?firma=f1rma')).url).toBe('/uploads/documentos/1-a.pdf?firma=[redacted]');
  });

  it("hides a response's cookies and the code in a redirect, and tells a response not sent yet by its missing status", () => {
    const response = new ServerResponse(request('/', {}));
    response.setHeader('Set-Cookie', ['a=1', 'b=2']);
    response.setHeader('Location', 'http://localhost:5173/?code=c0de&state=s');
    response.setHeader('X-Request-Id', 'r-1');
    expect(requestLogSerializers.res(response)).toEqual({
      statusCode: null,
      headers: { 'set-cookie': '[redacted]', location: 'http://localhost:5173/?code=[redacted]&state=s', 'x-request-id': 'r-1' },
    });
  });

  it('serializes errors as pino does, with their message and stack', () => {
    expect(requestLogSerializers.err(new Error('boom'))).toMatchObject({ type: 'Error', message: 'boom', stack: expect.stringContaining('boom') });
  });
});
