import { type ArgumentMetadata, HttpStatus, ValidationPipe, type ValidationError } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import type { ValidatorOptions } from 'class-validator';
import { AsyncLocalStorage } from 'node:async_hooks';
import { apiError, type FieldError } from './api-error.js';
import { DATE_WINDOW_TEXT } from './date-window.js';
import { addUnknownFields, type SentKeys, sentKeysOf } from './unknown-fields.js';

/** Spanish text for the class-validator constraints the API uses; anything else reads as "no es válido". */
const CONSTRAINT_MESSAGES: Record<string, string> = {
  whitelistValidation: 'no es un campo permitido.',
  isDefined: 'es obligatorio.',
  isNotEmpty: 'no puede estar vacío.',
  isString: 'debe ser un texto.',
  isInt: 'debe ser un número entero.',
  isNumber: 'debe ser un número.',
  isBoolean: 'debe ser verdadero o falso.',
  isBooleanString: "debe ser 'true' o 'false'.",
  isArray: 'debe ser una lista.',
  arrayMinSize: 'no tiene suficientes elementos.',
  arrayMaxSize: 'tiene demasiados elementos.',
  arrayUnique: 'no puede tener elementos repetidos.',
  min: 'es menor que el mínimo permitido.',
  max: 'es mayor que el máximo permitido.',
  maxLength: 'supera la longitud máxima permitida.',
  minLength: 'es demasiado corto.',
  isEmail: 'debe ser un correo electrónico válido.',
  isUrl: 'debe ser una URL http(s) válida.',
  isIn: 'no es uno de los valores permitidos.',
  isPositive: 'debe ser un número positivo.',
  isDateString: `debe ser una fecha válida (YYYY-MM-DD) ${DATE_WINDOW_TEXT}.`,
  matches: 'no tiene el formato esperado.',
  isDiasAsignados: 'debe ser un número de días entre 0 y 365, con dos decimales como máximo.',
  isSemanaHoras: 'debe tener 7 números (de lunes a domingo), cada uno de 0 a 24 en cuartos de hora.',
  semanaConHoras: 'debe tener horas en al menos un día de la semana.',
  isMesDia: 'debe ser un día del año con el formato MM-DD.',
  hastaAntesDeDesde: 'no puede ser anterior a desde.',
  periodosSolapados: 'no pueden solaparse: cada día del año está en un periodo como mucho.',
};

/**
 * One error per field, the first that applies: an unknown field is "no es un campo permitido.", a
 * missing one "es obligatorio."; otherwise the constraint declared highest on the property.
 * class-validator evaluates decorators bottom-up, so that is the last failed constraint it records.
 */
function firstMessage(error: ValidationError): string | undefined {
  const failed = Object.keys(error.constraints ?? {});
  if (failed.length === 0) return undefined;
  if (failed.includes('whitelistValidation')) return CONSTRAINT_MESSAGES.whitelistValidation;
  if (error.value === undefined) return CONSTRAINT_MESSAGES.isDefined;
  return CONSTRAINT_MESSAGES[failed.at(-1)!] ?? 'no es válido.';
}

export function flattenValidationErrors(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const campo = parent ? `${parent}.${error.property}` : error.property;
    const mensaje = firstMessage(error);
    const own = mensaje === undefined ? [] : [{ campo, mensaje }];
    return [...own, ...flattenValidationErrors(error.children ?? [], campo)];
  });
}

const validationFailed = (errores: FieldError[]) => apiError(HttpStatus.BAD_REQUEST, 'validacion', 'Los datos enviados no son válidos.', { errores });

/** A body as it may become a DTO: no body at all reads as an empty object (each required field then reports itself missing). */
function usableBody(value: unknown): object {
  const body = value === undefined ? {} : value;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw apiError(HttpStatus.BAD_REQUEST, 'solicitud_invalida', 'El cuerpo de la solicitud debe ser un objeto JSON.');
  }
  const campo = firstFieldWithNul(body);
  if (campo !== undefined) throw validationFailed([{ campo, mensaje: 'no puede contener el carácter NUL.' }]);
  return body;
}

/**
 * The first string in a parsed body that holds NUL, as `campo` names it (`ids.2`): PostgreSQL text
 * cannot store it. The parser has already bounded the body's depth and size.
 */
function firstFieldWithNul(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, member] of Object.entries(value)) {
    const found = firstFieldWithNul(member, path ? `${path}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Path parameters reach their own pipes (ParseIdPipe) as sent: the default conversion would read
 * `0x1`, `1e3` or ` 1` as numbers before those pipes could refuse them. A body must be an object to
 * become a DTO: a top-level array became an object with a field per element, each reported as unknown.
 * Unknown fields of a body or query are found here, from what was sent (see `addUnknownFields`).
 */
class ApiValidationPipe extends ValidationPipe {
  /** The keys of the body or query being validated, for `validate`, which is only given the DTO built from it. */
  private readonly sentKeys = new AsyncLocalStorage<SentKeys>();

  /** Query classes whose instance built from no parameters at all passed validation once. */
  private readonly validWithoutParameters = new WeakSet<object>();

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (!this.toValidate(metadata)) return super.transform(value, metadata);
    const sent = metadata.type === 'body' ? usableBody(value) : value;
    if (typeof sent !== 'object' || sent === null) return super.transform(sent, metadata);
    if (metadata.type === 'query' && isEmptyQuery(sent)) return this.transformEmptyQuery(sent, metadata);
    return this.sentKeys.run(sentKeysOf(sent), () => super.transform(sent, metadata));
  }

  /**
   * A query without parameters becomes the class's defaults, which are constants: once they passed,
   * they pass again, and validating them on every request cost more than the rest of the pipe.
   */
  private async transformEmptyQuery(sent: object, metadata: ArgumentMetadata): Promise<unknown> {
    const metatype = metadata.metatype!;
    if (this.validWithoutParameters.has(metatype)) return plainToInstance(metatype, sent, this.transformOptions);
    const dto = await this.sentKeys.run(sentKeysOf(sent), () => super.transform(sent, metadata));
    this.validWithoutParameters.add(metatype);
    return dto;
  }

  protected override async validate(dto: object, options: ValidatorOptions = {}): Promise<ValidationError[]> {
    const errors = await super.validate(dto, options);
    const sent = this.sentKeys.getStore();
    if (sent) addUnknownFields(errors, dto, sent, options);
    return errors;
  }

  protected override transformPrimitive(value: unknown, metadata: ArgumentMetadata): unknown {
    return metadata.type === 'param' ? value : super.transformPrimitive(value, metadata);
  }
}

const isEmptyQuery = (query: object): boolean => Reflect.ownKeys(query).length === 0;

/** The global pipe: unknown fields are rejected, input is converted to the DTO's declared types. */
export function createValidationPipe(): ValidationPipe {
  return new ApiValidationPipe({
    // class-validator's own whitelist stays off: it misses the keys named after Object.prototype's properties.
    transform: true,
    stopAtFirstError: false,
    // The value only tells a missing field apart; error bodies never echo it.
    validationError: { target: false, value: true },
    exceptionFactory: (errors) => validationFailed(flattenValidationErrors(errors)),
  });
}
