import { jest } from '@jest/globals';
import { getMetadataStorage, IsInt, IsString, validate } from 'class-validator';
import { rememberValidationRules } from './validation-metadata-cache.js';

const failedRules = async (dto: object) => (await validate(dto)).flatMap((error) => Object.keys(error.constraints ?? {})).sort();

describe('rememberValidationRules', () => {
  const storage = getMetadataStorage();
  const lookUp = jest.spyOn(storage, 'getTargetValidationMetadatas');
  rememberValidationRules(storage);

  class Pagina {
    @IsInt() pagina: unknown = 'uno';
  }

  it('looks a class’s rules up once, however many times it is validated', async () => {
    lookUp.mockClear();
    const results = [await failedRules(new Pagina()), await failedRules(new Pagina()), await failedRules(new Pagina())];
    expect(results).toEqual([['isInt'], ['isInt'], ['isInt']]);
    expect(lookUp).toHaveBeenCalledTimes(1);
  });

  it('sees a rule added to a class after the class was validated', async () => {
    class Filtro {
      @IsInt() anio: unknown = 2027;
      q: unknown = 7;
    }
    expect(await failedRules(new Filtro())).toEqual([]);
    IsString()(Filtro.prototype, 'q');
    expect(await failedRules(new Filtro())).toEqual(['isString']);
  });
});
