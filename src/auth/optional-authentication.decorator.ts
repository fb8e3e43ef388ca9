import { SetMetadata } from '@nestjs/common';

export const AUTHENTICATION_OPTIONAL = 'authenticationOptional';

/**
 * A route anyone may call that also reads who calls it: a request without a bearer token goes
 * through anonymously, and so does one whose token fails or names no active employee (its failed
 * attempt still counts against its address). With a valid token the employee is loaded as usual.
 */
export const OptionalAuthentication = () => SetMetadata(AUTHENTICATION_OPTIONAL, true);
