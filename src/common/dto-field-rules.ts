import { Transform, type TransformFnParams } from 'class-transformer';
import { ValidateIf } from 'class-validator';

/** May be left out, but not sent as null: unlike @IsOptional, null is validated (and fails). */
export const Omittable = () => ValidateIf((_dto: object, value: unknown) => value !== undefined);

export const trim = ({ value }: TransformFnParams): unknown => (typeof value === 'string' ? value.trim() : value);

export const Trimmed = () => Transform(trim);
