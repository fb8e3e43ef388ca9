export interface SqlWhere {
  sql: string;
  params: unknown[];
}

/** Lower-case and strip accents the way the database's `texto_busqueda()` does. */
export function normalizeText(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/** A LIKE pattern matching the normalized text anywhere, with LIKE's own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${normalizeText(text.trim()).replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Collects AND-ed conditions and their numbered parameters. */
export class WhereBuilder {
  private readonly conditions: string[] = [];
  private readonly params: unknown[] = [];

  /** The placeholder of a new parameter holding `value`. */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  and(condition: string): void {
    this.conditions.push(condition);
  }

  build(): SqlWhere {
    return { sql: this.conditions.length ? `WHERE ${this.conditions.join(' AND ')}` : '', params: this.params };
  }
}
