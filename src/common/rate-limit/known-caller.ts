import type { Request } from 'express';

/**
 * Whether a request carries credentials this instance has already verified (a token it checked
 * before, still valid). Provided by the authentication module; the failed-authentication limit
 * lets such requests through without counting them, so flooding an address with bad tokens never
 * locks out the people behind it who are already signed in.
 */
export type KnownCaller = (request: Request) => boolean;

export const KNOWN_CALLER = Symbol('KNOWN_CALLER');
