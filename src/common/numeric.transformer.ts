import type { ValueTransformer } from 'typeorm';

/** `pg` returns NUMERIC as a string to avoid precision loss; day counts fit a JS number exactly. */
export const numericTransformer: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};
