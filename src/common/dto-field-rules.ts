import { Transform, type TransformFnParams } from 'class-transformer';
import { ValidateIf } from 'class-validator';

/** May be left out, but not sent as null: unlike @IsOptional, null is validated (and fails). */
export const Omittable = () => ValidateIf((_dto: object, value: unknown) => value !== undefined);

export const trim = ({ value }: TransformFnParams): unknown => (typeof value === 'string' ? value.trim() : value);

export const Trimmed = () => Transform(trim);

/** A query string's `true`/`false` as booleans; anything else is left for the validator to refuse. */
export const parseBooleanWord = ({ value }: { value: unknown }): unknown => (value === 'true' ? true : value === 'false' ? false : value);

/** No line break, tab, NUL…: PostgreSQL refuses NUL in text, and none belongs in a name. */
export const WITHOUT_CONTROL_CHARACTERS = /^\P{Cc}*$/u;
