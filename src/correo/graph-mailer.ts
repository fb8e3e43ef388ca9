import { ClientSecretCredential } from '@azure/identity';
import type { GraphMailSettings } from '../config/app-config.js';
import type { Mailer, MensajeCorreo } from './mensaje-correo.js';

/** How long a token request or a sendMail call may take before the try fails and is retried later. */
const GRAPH_TIMEOUT_MS = 30_000;
/** The part of Graph's error answer kept in the delivery's last error. */
const MAX_ERROR_CHARS = 300;
/** Of an error answer, no more is read: Graph's are a few hundred bytes, a gateway's page may be anything. */
const MAX_ERROR_BODY_BYTES = 16 * 1024;
/**
 * Graph ignores a Message-ID of ours and gives each message its own; the delivery's stable id travels in
 * this header instead, where a mailbox rule or a message trace can find a repeat.
 */
export const GRAPH_ID_HEADER = 'X-ESS-Message-Id';

/**
 * Sends with Microsoft Graph `POST /v1.0/users/{MAIL_FROM}/sendMail` and an app-only token (client
 * credentials). The credential caches the token until shortly before it expires.
 * 202 is sent; anything else (429, 5xx, 4xx) fails the try, which the job engine retries.
 */
export class GraphMailer implements Mailer {
  private readonly credential: ClientSecretCredential;
  private readonly scope: string;
  private readonly sendMailUrl: string;

  constructor(settings: GraphMailSettings, fromAddress: string) {
    this.credential = new ClientSecretCredential(settings.tenantId, settings.clientId, settings.clientSecret, {
      authorityHost: settings.authorityHost,
      // Instance discovery asks login.microsoftonline.com about the authority; the tenant's own metadata suffices.
      disableInstanceDiscovery: true,
    });
    // The token's audience is Graph's origin: https://graph.microsoft.com, or a national cloud's.
    this.scope = `${new URL(settings.baseUrl).origin}/.default`;
    this.sendMailUrl = `${settings.baseUrl}/v1.0/users/${encodeURIComponent(fromAddress)}/sendMail`;
  }

  async send(mensaje: MensajeCorreo): Promise<void> {
    const token = await this.credential.getToken(this.scope, { abortSignal: AbortSignal.timeout(GRAPH_TIMEOUT_MS) }).catch((error: Error) => {
      throw new Error(`No token for Microsoft Graph: ${error.message.slice(0, MAX_ERROR_CHARS)}`);
    });
    const response = await fetch(this.sendMailUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        message: {
          subject: mensaje.asunto,
          body: { contentType: 'HTML', content: mensaje.html },
          toRecipients: [{ emailAddress: { address: mensaje.para } }],
          internetMessageHeaders: [{ name: GRAPH_ID_HEADER, value: mensaje.messageId }],
        },
        saveToSentItems: false,
      }),
      signal: AbortSignal.timeout(GRAPH_TIMEOUT_MS),
    });
    if (response.status === 202) return;
    throw new Error(`Microsoft Graph sendMail answered ${response.status}: ${graphError(await boundedText(response))}`);
  }

  close(): void {}
}

/** The start of the body, at most MAX_ERROR_BODY_BYTES of it; the rest is not read. */
async function boundedText(response: Response): Promise<string> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= MAX_ERROR_BODY_BYTES) break;
  }
  return Buffer.concat(chunks).subarray(0, MAX_ERROR_BODY_BYTES).toString('utf8');
}

/** Graph's `error.code: error.message`, or the start of the body; bounded, for the delivery's last error. */
function graphError(body: string): string {
  try {
    const { error } = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } };
    if (error) return `${String(error.code)}: ${String(error.message)}`.slice(0, MAX_ERROR_CHARS);
  } catch {
    // Not JSON: a gateway's page.
  }
  return body.slice(0, MAX_ERROR_CHARS) || '(empty body)';
}
