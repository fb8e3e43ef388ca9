import { registerDecorator, type ValidationOptions } from 'class-validator';
import { parseCalendarDate } from './calendar-date.js';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written `YYYY-MM-DD` (no time part). */
export function IsCalendarDate(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isDateString',
      target: target.constructor,
      propertyName: propertyName as string,
      options,
      validator: {
        validate: (value: unknown) => typeof value === 'string' && DATE_ONLY.test(value) && parseCalendarDate(value, 'UTC') !== null,
      },
    });
}
