import type { HealthIndicatorService, HealthIndicatorStatus } from '@nestjs/terminus';

/** Each component's `estado` beside terminus' `status`. */
export const ESTADOS = { up: 'disponible', degraded: 'degradado', down: 'no_disponible' } as const satisfies Record<HealthIndicatorStatus, string>;

export interface ComponentCheck {
  /** Rejects, with the reason, when the component does not answer. */
  attempt: () => Promise<unknown>;
  timeoutMs: number;
  /** A component the service works without (Redis: counters move into the instance) is `degraded`, not `down`, when it fails. */
  failureIs?: 'down' | 'degraded';
}

/**
 * terminus' attempt at one component, with its `estado` and terminus' `message` (why it failed: the
 * driver's or client's own words, never a URL with credentials) as `motivo`.
 */
export async function checkComponent<const Key extends string>(
  indicators: HealthIndicatorService,
  key: Key,
  { attempt, timeoutMs, failureIs = 'down' }: ComponentCheck,
) {
  const session = indicators.check(key);
  const { [key]: outcome } = await session.attempt(async () => void (await attempt())).withTimeout(timeoutMs);
  const { responseTime } = outcome;
  if (outcome.status === 'up') return session.up({ estado: ESTADOS.up, responseTime });
  const failure = { motivo: String(outcome.message), responseTime };
  return failureIs === 'down' ? session.down({ estado: ESTADOS.down, ...failure }) : session.degraded({ estado: ESTADOS.degraded, ...failure });
}
