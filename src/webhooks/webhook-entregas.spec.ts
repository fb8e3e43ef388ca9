import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook as Verificador } from 'standardwebhooks';
import { TestWebhookReceiver } from '../../test/support/webhook-receiver.js';
import type { AppConfig, WebhookSettings } from '../config/app-config.js';
import type { JobsService } from '../jobs/jobs.service.js';
import { DestinoNoPermitido } from './destino-webhook.js';
import type { FormatoWebhook } from './entities/webhook.entity.js';
import { WebhookEntregas } from './webhook-entregas.service.js';
import type { WebhookJob } from './webhook-eventos.service.js';
import type { WebhookPorEntregar, WebhooksRepository } from './webhooks.repository.js';
import { motivoUrlNoPermitida } from './webhooks.service.js';

const SECRETO = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const JOB: WebhookJob = { id_webhook: 1, evento: { type: 'empleado.baja', timestamp: '2026-12-01T09:00:00.000Z', data: { id_empleado: 12 } } };
const ATTEMPT = { id: '5f1d7c3e-8b9a-4c2d-9e0f-1a2b3c4d5e6f', retryCount: 0 };
const PRODUCCION: WebhookSettings = { allowHttp: false, allowPrivateTargets: false, appBaseUrl: 'https://portal.empresa.es' };
const DESARROLLO: WebhookSettings = { allowHttp: true, allowPrivateTargets: true, appBaseUrl: 'https://portal.empresa.es' };

function entregas(settings: WebhookSettings, webhook: WebhookPorEntregar | null): WebhookEntregas {
  const repository = { porEntregar: async () => webhook } as unknown as WebhooksRepository;
  return new WebhookEntregas({} as JobsService, repository, { webhooks: settings } as AppConfig);
}

describe('a webhook delivery', () => {
  let receiver: TestWebhookReceiver;
  beforeEach(async () => {
    receiver = await TestWebhookReceiver.start();
  });
  afterEach(() => receiver.close());

  const webhook = (formato: FormatoWebhook = 'standard', url = receiver.url('/hook')) => ({ url, formato, secreto: SECRETO });

  it('POSTs the event signed per Standard Webhooks, with webhook-id from the job id', async () => {
    await entregas(DESARROLLO, webhook()).entregar(JOB, ATTEMPT);
    const [recibido] = receiver.received;
    expect(recibido!.headers['webhook-id']).toBe(`msg_${ATTEMPT.id}`);
    const headers = { 'webhook-id': `msg_${ATTEMPT.id}`, 'webhook-timestamp': String(recibido!.headers['webhook-timestamp']), 'webhook-signature': String(recibido!.headers['webhook-signature']) };
    expect(new Verificador(SECRETO).verify(recibido!.body, headers)).toEqual(JOB.evento);
    expect(() => new Verificador(`whsec_${Buffer.alloc(32, 8).toString('base64')}`).verify(recibido!.body, headers)).toThrow();
  });

  it('re-checks the target at delivery: with private targets off it fails the try and sends nothing', async () => {
    const produccionConHttp = { ...PRODUCCION, allowHttp: true };
    await expect(entregas(produccionConHttp, webhook()).entregar(JOB, ATTEMPT)).rejects.toThrow(DestinoNoPermitido);
    await expect(entregas(produccionConHttp, webhook('standard', receiver.url('/hook').replace('127.0.0.1', 'localhost'))).entregar(JOB, ATTEMPT)).rejects.toThrow(DestinoNoPermitido);
    await expect(entregas(PRODUCCION, webhook('standard', 'http://93.184.215.14/hook')).entregar(JOB, ATTEMPT)).rejects.toThrow('not https');
    expect(receiver.received).toEqual([]);
  });

  it('completes without sending when the webhook was deleted', async () => {
    await expect(entregas(DESARROLLO, null).entregar(JOB, ATTEMPT)).resolves.toBeUndefined();
    expect(receiver.received).toEqual([]);
  });

  it('fails the try on a non-2xx answer, naming the status', async () => {
    receiver.answer('/hook', 500);
    await expect(entregas(DESARROLLO, webhook()).entregar(JOB, ATTEMPT)).rejects.toThrow('The receiver answered HTTP 500');
    receiver.answer('/hook', 302);
    await expect(entregas(DESARROLLO, webhook()).entregar(JOB, ATTEMPT)).rejects.toThrow('HTTP 302');
  });

  it('reads no more than the status of an endless answer, and gives up on a silent receiver', async () => {
    const endless = createServer((_request, response) => {
      response.writeHead(200);
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const pump = () => {
        while (response.write(chunk));
        response.once('drain', pump);
      };
      pump();
    });
    const silent = createServer(() => undefined);
    await Promise.all([new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve)), new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))]);
    try {
      const started = Date.now();
      await entregas(DESARROLLO, webhook('standard', `http://127.0.0.1:${(endless.address() as AddressInfo).port}/`)).entregar(JOB, ATTEMPT);
      expect(Date.now() - started).toBeLessThan(2000);
      const { enviarPeticion } = await import('./peticion-webhook.js');
      await expect(enviarPeticion(new URL(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/`), { address: '127.0.0.1', family: 4 }, {}, '{}', 300)).rejects.toThrow('No answer within 0.3 s');
    } finally {
      endless.closeAllConnections();
      silent.closeAllConnections();
      endless.close();
      silent.close();
    }
  });

  it('formato teams sends an Adaptive Card message, signed the same way', async () => {
    await entregas(DESARROLLO, webhook('teams')).entregar({ ...JOB, evento: { ...JOB.evento, type: 'documento.publicado', data: { id_documento: 3, id_empleado: 12 } } }, ATTEMPT);
    const [recibido] = receiver.received;
    const body = JSON.parse(recibido!.body);
    expect(body.type).toBe('message');
    expect(body.attachments[0].content).toMatchObject({ type: 'AdaptiveCard', version: '1.4', actions: [{ type: 'Action.OpenUrl', url: 'https://portal.empresa.es/documentos' }] });
  });
});

describe('a webhook URL at creation', () => {
  const publico = async () => [{ address: '93.184.215.14', family: 4 as const }];
  it('must be https in production, and public unless private targets are allowed', async () => {
    await expect(motivoUrlNoPermitida('http://hooks.empresa.es/x', PRODUCCION, publico)).resolves.toBe('debe ser una URL https.');
    await expect(motivoUrlNoPermitida('https://hooks.empresa.es/x', PRODUCCION, publico)).resolves.toBeNull();
    await expect(motivoUrlNoPermitida('https://interno.empresa.es/x', PRODUCCION, async () => [{ address: '10.0.0.8', family: 4 }])).resolves.toMatch(/^debe apuntar a una dirección pública/);
    await expect(motivoUrlNoPermitida('http://127.0.0.1:8080/x', DESARROLLO)).resolves.toBeNull();
  });
});
