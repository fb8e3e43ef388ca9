import { EXACT_COUNT_LIMIT } from './pagination.js';

export interface CappedCount {
  total: number;
  /** false when `total` is the planner's estimate. */
  exacto: boolean;
}

/** What runs a query: a DataSource or an EntityManager. */
interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/** `SELECT count(*)` over at most EXACT_COUNT_LIMIT + 1 rows of `rowsSql` (a `SELECT 1 FROM … WHERE …`): a bounded scan. */
export function cappedCountSql(rowsSql: string): string {
  return `SELECT count(*)::int AS total FROM (${rowsSql} LIMIT ${EXACT_COUNT_LIMIT + 1}) capped`;
}

/** Exact up to EXACT_COUNT_LIMIT; past it, `estimate()` (never below the limit), so a long list costs a plan, not a scan. */
export async function countUpToLimit(exactCount: () => Promise<number>, estimate: () => Promise<number>): Promise<CappedCount> {
  const total = await exactCount();
  if (total <= EXACT_COUNT_LIMIT) return { total, exacto: true };
  return { total: Math.max(await estimate(), EXACT_COUNT_LIMIT + 1), exacto: false };
}

/** The planner's row estimate for `rowsSql`. */
export async function plannerRowEstimate(db: Queryable, rowsSql: string, params: unknown[]): Promise<number> {
  const [{ 'QUERY PLAN': plan }] = (await db.query(`EXPLAIN (FORMAT JSON) ${rowsSql}`, params)) as { 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }[];
  return Math.round(plan![0]!.Plan['Plan Rows']);
}
