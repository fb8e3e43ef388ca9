import { Injectable, Logger } from '@nestjs/common';
import type { HealthIndicatorResult } from '@nestjs/terminus';

/**
 * Components whose changes no other part logs. The signing keys log their own (SigningKeyStore, also
 * when nobody probes), and so does Redis (the rate-limit counters, when they move into the instance).
 */
const LOGGED_HERE = ['database', 'storage'];

/** One line each time a component's state changes, with the reason; never one per probe. */
@Injectable()
export class ReadinessLog {
  private readonly logger = new Logger('Readiness');
  /** A component not seen yet counts as up: a healthy start logs nothing. */
  private readonly lastStatus = new Map<string, string>();

  record(details: HealthIndicatorResult): void {
    for (const component of LOGGED_HERE) {
      const detail = details[component];
      if (!detail || detail.status === (this.lastStatus.get(component) ?? 'up')) continue;
      this.lastStatus.set(component, detail.status);
      if (detail.status === 'up') this.logger.log(`${component} is available again`);
      else this.logger.warn(`${component} is ${detail.estado}: ${detail.motivo}`);
    }
  }
}
