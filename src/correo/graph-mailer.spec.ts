import { GRAPH_CLIENT_ID, GRAPH_TENANT, startTestGraphServer, type TestGraphServer } from '../../test/support/test-graph-server.js';
import { GRAPH_ID_HEADER, GraphMailer } from './graph-mailer.js';

const mensaje = { para: 'lucia@empresa.es', asunto: 'Solicitud aprobada', texto: 'Hola', html: '<p>Hola</p>', messageId: '<notificacion-7@empresa.es>' };

describe('e-mail through Microsoft Graph', () => {
  let graph: TestGraphServer;
  const mailer = (secret = 'graph-client-secret~123') =>
    new GraphMailer({ tenantId: GRAPH_TENANT, clientId: GRAPH_CLIENT_ID, clientSecret: secret, authorityHost: graph.url, baseUrl: graph.url }, 'portal@empresa.es');

  beforeAll(async () => {
    graph = await startTestGraphServer();
  });
  afterAll(() => graph.close());

  it('posts sendMail from the sender mailbox with an app-only token: HTML body, one recipient, the stable id in a header, nothing saved', async () => {
    const sender = mailer();
    await sender.send(mensaje);
    await sender.send({ ...mensaje, messageId: '<notificacion-8@empresa.es>' });

    expect(graph.sent).toHaveLength(2);
    expect(graph.sent[0]).toEqual({
      from: 'portal@empresa.es',
      body: {
        message: {
          subject: 'Solicitud aprobada',
          body: { contentType: 'HTML', content: '<p>Hola</p>' },
          toRecipients: [{ emailAddress: { address: 'lucia@empresa.es' } }],
          internetMessageHeaders: [{ name: GRAPH_ID_HEADER, value: '<notificacion-7@empresa.es>' }],
        },
        saveToSentItems: false,
      },
    });
    expect(graph.tokenRequests).toBe(1);
  });

  it('fails the try on 429 and 503 with a bounded message naming the status, so the engine retries it', async () => {
    graph.failNext.push(429, 503);
    const sender = mailer();
    await expect(sender.send(mensaje)).rejects.toThrow('Microsoft Graph sendMail answered 429: ApplicationThrottled: Inténtelo más tarde.');
    await expect(sender.send(mensaje)).rejects.toThrow('Microsoft Graph sendMail answered 503: ServiceUnavailable: Inténtelo más tarde.');
  });

  it('keeps at most 300 characters of an error answer, however long the body', async () => {
    graph.failNext.push({ status: 502, body: `<html>${'x'.repeat(5 * 1024 * 1024)}</html>` });
    const error: Error = await mailer().send(mensaje).then(() => new Error('sent'), (e: Error) => e);
    expect(error.message.startsWith('Microsoft Graph sendMail answered 502: <html>xxx')).toBe(true);
    expect(error.message.length).toBeLessThanOrEqual('Microsoft Graph sendMail answered 502: '.length + 300);
  });

  it('fails without sending when the token is refused, and the error does not carry the secret', async () => {
    const before = graph.sent.length;
    const error: Error = await mailer('wrong-secret-x9').send(mensaje).then(() => new Error('sent'), (e: Error) => e);
    expect(error.message).toMatch(/^No token for Microsoft Graph: .*(invalid_client|AADSTS7000215)/);
    expect(error.message.length).toBeLessThanOrEqual('No token for Microsoft Graph: '.length + 300);
    expect(error.message).not.toContain('wrong-secret-x9');
    expect(graph.sent).toHaveLength(before);
  });
});
