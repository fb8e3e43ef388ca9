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

/** The employee loaded for the caller on every request: id, e-mail, name and role, nothing a use case can read itself. */
export interface AuthenticatedEmployee {
  id_empleado: number;
  correo: string;
  nombre: string;
  rol: { id_rol: number; nombre: string };
}

declare module 'express' {
  interface Request {
    employee?: AuthenticatedEmployee;
  }
}
