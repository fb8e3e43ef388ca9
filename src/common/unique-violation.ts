import { QueryFailedError } from 'typeorm';

export const PG_UNIQUE_VIOLATION = '23505';

/** The unique constraint or index a failed statement violated, if that is why it failed. */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  if (!(error instanceof QueryFailedError)) return undefined;
  const driverError = error.driverError as { code?: string; constraint?: string };
  return driverError.code === PG_UNIQUE_VIOLATION ? driverError.constraint : undefined;
}

export function isUniqueViolation(error: unknown, constraint: string): boolean {
  return violatedUniqueConstraint(error) === constraint;
}
