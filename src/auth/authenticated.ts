/** What the token says about the caller, after its signature and claims were checked. */
export interface TokenIdentity {
  /** The `oid` claim; missing or empty means the token cannot be tied to an employee. */
  idpOid?: string;
  /** `upn`, else `preferred_username`. */
  email?: string;
  name?: string;
  /** `exp` in milliseconds: how long the verification may be remembered. */
  expiresAt: number;
  /** The `kid` that verified the signature: the verification stands while the key is published. */
  signingKeyId: string;
  /**
   * Set by the employee loader on the remembered identity: whether the `oid` matched an active
   * employee the last time this token was used. Such a token is a signed-in caller, whom the
   * failed-authentication limit lets through.
   */
  employeeFound?: boolean;
}

export interface VacacionesCargadas {
  id_vacaciones: number;
  anio: number;
  dias_asignados: number;
  dias_usados: number;
}

/** The employee loaded for the caller: only id, e-mail and name, with role and vacation records. */
export interface AuthenticatedEmployee {
  id_empleado: number;
  correo: string;
  nombre: string;
  rol: { id_rol: number; nombre: string };
  vacaciones: VacacionesCargadas[];
}

declare module 'express' {
  interface Request {
    employee?: AuthenticatedEmployee;
  }
}
