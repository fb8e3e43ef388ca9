import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  /** For SMTP_URL: plain SMTP on loopback. */
  url: string;
  /** What arrived, parsed by mailparser as a mail client would. */
  received: ParsedMail[];
  /** While true, every message is refused with a temporary error (451), as a server in trouble does. */
  refusing: boolean;
  close(): Promise<void>;
}

/** A real SMTP server in this process (smtp-server). */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const state: TestSmtpServer = { url: '', received: [], refusing: false, close: async () => undefined };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onMailFrom(_address, _session, callback) {
      if (!state.refusing) return callback();
      callback(Object.assign(new Error('Servicio no disponible, inténtelo más tarde'), { responseCode: 451 }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        state.received.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}/?ignoreTLS=true`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
