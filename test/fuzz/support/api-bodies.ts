/** Error bodies the spec fixes to the letter (docs/api-walkthrough.md, "Authentication errors" and "Uploads"). */

export const INVALID_TOKEN = {
  message: 'Acceso denegado: el token de autenticación es inválido, ha expirado o no fue proporcionado.',
  code: 'invalid_auth_token',
};
export const AUTHENTICATION_REQUIRED = { message: 'Autenticación requerida.' };
export const UNKNOWN_USER = { message: 'Usuario no encontrado en el sistema.' };
export const ROLE_FORBIDDEN = { message: 'No tienes permisos para acceder a este recurso.' };

/** The bodies without `success` that a 401 or 403 may carry. */
export const AUTH_BODIES_BY_STATUS: Record<number, object[]> = {
  401: [INVALID_TOKEN, AUTHENTICATION_REQUIRED],
  403: [UNKNOWN_USER, ROLE_FORBIDDEN],
};

export const UPLOAD_REJECTED = { success: false, message: 'No se adjuntó ningún archivo o el archivo no es válido.' };
