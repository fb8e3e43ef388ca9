import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface MsalSpaSettings {
  /** e.g. `https://127.0.0.1:3443/dev-idp/dev-tenant`, as the SPA configuration of docs/local-sign-in.md. */
  authority: string;
  clientId: string;
  scope: string;
  /** Where the SPA calls the API, with the token MSAL gives it. */
  apiBase: string;
}

/** What the page shows once signed in: the answer of GET /api/empleados/me. */
export interface MeAnswer {
  status: number;
  body: Record<string, unknown>;
}

const bundle = join(dirname(createRequire(import.meta.url).resolve('@azure/msal-browser/package.json')), 'lib', 'msal-browser.min.js');

/**
 * The smallest SPA that signs in as a React or Angular app does with MSAL.js: at load it handles a
 * redirect's answer, starts loginRedirect when no account is signed in, and otherwise gets a token
 * with acquireTokenSilent and calls the API. `window.callMe(forceRefresh)` repeats the last step;
 * `window.signOut()` is MSAL's logoutRedirect.
 */
function page(settings: MsalSpaSettings): string {
  return `<!doctype html>
<html lang="es">
  <head><meta charset="utf-8"><title>SPA de prueba</title><script src="/msal-browser.min.js"></script></head>
  <body>
    <pre id="me"></pre>
    <pre id="error"></pre>
    <script type="module">
      const settings = ${JSON.stringify(settings).replace(/</g, '\\u003c')};
      const client = new msal.PublicClientApplication({
        auth: {
          clientId: settings.clientId,
          authority: settings.authority,
          knownAuthorities: [new URL(settings.authority).host],
          redirectUri: location.origin + '/',
        },
        cache: { cacheLocation: 'sessionStorage' },
      });
      window.callMe = async (forceRefresh) => {
        const account = client.getAllAccounts()[0];
        const { accessToken } = await client.acquireTokenSilent({ account, scopes: [settings.scope], forceRefresh });
        const response = await fetch(settings.apiBase + '/api/empleados/me', { headers: { Authorization: 'Bearer ' + accessToken } });
        return { status: response.status, body: await response.json() };
      };
      window.signOut = () => client.logoutRedirect();
      try {
        await client.initialize();
        const result = await client.handleRedirectPromise();
        if (!result && client.getAllAccounts().length === 0) {
          await client.loginRedirect({ scopes: [settings.scope] });
        } else {
          document.getElementById('me').textContent = JSON.stringify(await window.callMe(false));
        }
      } catch (error) {
        document.getElementById('error').textContent = (error.errorCode ?? error.name) + ': ' + error.message;
      }
    </script>
  </body>
</html>
`;
}

/** Serves the page at `/` (its redirect URI) and MSAL.js's browser bundle, on a loopback port, like an SPA's dev server. */
export async function startMsalSpa(port: number, settings: MsalSpaSettings): Promise<{ server: Server; url: string }> {
  const html = page(settings);
  const script = readFileSync(bundle);
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/') response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    else if (path === '/msal-browser.min.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, url: `http://localhost:${port}/` };
}
