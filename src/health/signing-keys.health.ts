import { Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { SigningKeyStore } from '../auth/signing-key-store.js';
import { ESTADOS } from './component-state.js';

const KEY = 'proveedor_identidad';

/**
 * The identity provider's signing keys: `down` until a key set has been fetched (every token would
 * get 401), `degraded` while refreshes fail and the last set stays in use. Reports how old the set is.
 */
@Injectable()
export class SigningKeysHealthIndicator {
  constructor(
    private readonly indicators: HealthIndicatorService,
    private readonly keys: SigningKeyStore,
  ) {}

  check() {
    const { keyCount, fetchedAt, failure } = this.keys.status();
    const session = this.indicators.check(KEY);
    if (fetchedAt === null) {
      return session.down({ estado: ESTADOS.down, motivo: failure ?? 'the first fetch of the signing keys has not finished yet', claves: 0 });
    }
    const detail = { claves: keyCount, antiguedad_claves_segundos: Math.floor((Date.now() - fetchedAt) / 1000) };
    return failure === null
      ? session.up({ estado: ESTADOS.up, ...detail })
      : session.degraded({ estado: ESTADOS.degraded, motivo: failure, ...detail });
  }
}
