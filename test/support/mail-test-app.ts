import { startTestApp, type TestApp, type TestAppOptions } from './test-app.js';
import { startTestSmtpServer, type TestSmtpServer } from './test-smtp-server.js';

export const TEST_PORTAL = 'https://portal.empresa.es';

export interface MailTestApp {
  t: TestApp;
  smtp: TestSmtpServer;
  close(): Promise<void>;
}

/** The test app sending e-mail to a real SMTP server in this process, its job engine polling every half second. */
export async function startMailTestApp(env: Record<string, string> = {}, options: Omit<TestAppOptions, 'env'> = {}): Promise<MailTestApp> {
  const smtp = await startTestSmtpServer();
  const t = await startTestApp({
    ...options,
    env: {
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Portal del Empleado <portal@empresa.es>',
      APP_BASE_URL: TEST_PORTAL,
      JOBS_POLLING_INTERVAL_SECONDS: '0.5',
      ...env,
    },
  });
  return {
    t,
    smtp,
    async close() {
      await t.close();
      await smtp.close();
    },
  };
}
