import { ValidateBy, type ValidationArguments } from 'class-validator';
import { DIAS_SEMANA, isHorasDia, isMesDia, MAX_PERIODOS, type PeriodoJornada, primerPeriodoSolapado } from '../jornada-fields.js';

/** Seven numbers, Monday first, each 0–24 in quarter hours. */
export const IsSemanaHoras = () =>
  ValidateBy({ name: 'isSemanaHoras', validator: { validate: (value: unknown) => Array.isArray(value) && value.length === DIAS_SEMANA && value.every(isHorasDia) } });

/** At least one day with hours: a week without any would leave no day to request. */
export const SemanaConHoras = () =>
  ValidateBy({ name: 'semanaConHoras', validator: { validate: (value: unknown) => !Array.isArray(value) || value.some((horas) => typeof horas === 'number' && horas > 0) } });

export const IsMesDia = () => ValidateBy({ name: 'isMesDia', validator: { validate: isMesDia } });

/** `hasta` is not before the same period's `desde` (a period across New Year is given as two). */
export const NoAntesDeDesde = () =>
  ValidateBy({
    name: 'hastaAntesDeDesde',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => {
        const desde = (args?.object as { desde?: unknown }).desde;
        return !isMesDia(value) || !isMesDia(desde) || desde <= value;
      },
    },
  });

/** No day of the year in two periods. Bounded: a longer list is refused by its own size rule. */
export const PeriodosSinSolapes = () =>
  ValidateBy({
    name: 'periodosSolapados',
    validator: {
      validate: (value: unknown) => {
        if (!Array.isArray(value) || value.length > MAX_PERIODOS) return true;
        const legibles = value.filter((periodo): periodo is PeriodoJornada => isMesDia(periodo?.desde) && isMesDia(periodo?.hasta));
        return legibles.length < value.length || primerPeriodoSolapado(legibles) === undefined;
      },
    },
  });
