import type { AuthorizeParams } from './authorize-request.js';

export interface SignInCandidate {
  id_empleado: number;
  nombre: string;
  correo: string;
  rol: string;
}

/** The authorization parameters carried through the page into the POST, and nothing else. */
export const CARRIED_PARAMS = ['client_id', 'response_type', 'redirect_uri', 'response_mode', 'scope', 'state', 'nonce', 'code_challenge', 'code_challenge_method'] as const;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => ESCAPES[character]!);

/** A plain form, no script: each employee is a submit button posting the request back with their id. */
export function signInPage(params: AuthorizeParams, candidates: SignInCandidate[], total: number, actionPath: string): string {
  const hidden = CARRIED_PARAMS.filter((name) => typeof params[name] === 'string')
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params[name] as string)}">`)
    .join('\n      ');
  const buttons = candidates
    .map(
      (candidate) =>
        `<li><button type="submit" name="id_empleado" value="${candidate.id_empleado}">${escapeHtml(candidate.nombre)}</button> ` +
        `<span>${escapeHtml(candidate.correo)} · ${escapeHtml(candidate.rol)}</span></li>`,
    )
    .join('\n        ');
  const shown = candidates.length < total ? `<p>Se muestran ${candidates.length} de ${total} empleados activos, por nombre.</p>` : '';
  return `<!doctype html>
<html lang="es">
  <head>
    <meta charset="utf-8">
    <title>Inicio de sesión de desarrollo · ess-api</title>
    <style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto}li{margin:.4rem 0}button{min-width:14rem;text-align:left}</style>
  </head>
  <body>
    <h1>Inicio de sesión de desarrollo</h1>
    <p>Proveedor de identidad local: elige el empleado con el que entrar en <strong>${escapeHtml(String(params.client_id))}</strong>. Nunca existe en producción.</p>
    ${candidates.length ? '' : '<p>No hay empleados activos.</p>'}${shown}
    <form method="post" action="${escapeHtml(actionPath)}">
      ${hidden}
      <ul>
        ${buttons}
      </ul>
    </form>
  </body>
</html>
`;
}
