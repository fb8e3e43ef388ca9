import 'reflect-metadata';
import { jest } from '@jest/globals';
import type { ArgumentMetadata } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsArray, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import { parse as parseQueryString } from 'node:querystring';
import { objectPrototypePolluted, PROTOTYPE_NAMES } from '../../test/support/prototype-names.js';
import { ApiError } from './api-error.js';
import { createValidationPipe } from './validation.js';

class LineaDto {
  @IsString()
  texto!: string;
}

class FormularioDto {
  @IsString()
  nombre!: string;

  @IsOptional()
  @IsInt()
  edad?: number;

  @IsOptional()
  @ValidateNested()
  @Type(() => LineaDto)
  linea?: LineaDto;

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => LineaDto)
  lineas?: LineaDto[];
}


const pipe = createValidationPipe();
const asBody: ArgumentMetadata = { type: 'body', metatype: FormularioDto };
const asQuery: ArgumentMetadata = { type: 'query', metatype: FormularioDto };

/** The field errors a JSON text gets as a body, or the DTO it becomes. */
async function outcome(value: unknown, metadata = asBody): Promise<{ errores: unknown } | { dto: unknown }> {
  try {
    return { dto: await pipe.transform(value, metadata) };
  } catch (error) {
    if (error instanceof ApiError) return { errores: error.body.errores };
    throw error;
  }
}
const unknownField = (campo: string) => ({ campo, mensaje: 'no es un campo permitido.' });
/** `{"nombre":"Ana", <member>}` as JSON text, parsed: JSON.parse keeps a `__proto__` member as an own key. */
const bodyWith = (member: string) => JSON.parse(`{"nombre":"Ana",${member}}`) as unknown;

describe('the validation pipe and keys named after built-in object properties', () => {
  it('has checked every name Object.prototype answers', () => {
    expect(Object.getOwnPropertyNames(Object.prototype).filter((name) => !PROTOTYPE_NAMES.includes(name))).toEqual([]);
  });

  it('refuses an ordinary unknown key at every depth (what the others must match)', async () => {
    await expect(outcome(bodyWith('"foo":1'))).resolves.toEqual({ errores: [unknownField('foo')] });
    await expect(outcome(bodyWith('"linea":{"texto":"a","foo":1}'))).resolves.toEqual({ errores: [unknownField('linea.foo')] });
    await expect(outcome(bodyWith('"lineas":[{"texto":"a"},{"texto":"b","foo":1}]'))).resolves.toEqual({ errores: [unknownField('lineas.1.foo')] });
  });

  describe.each(PROTOTYPE_NAMES)('%s', (name) => {
    const key = JSON.stringify(name);

    it.each([
      ['beside the fields', `${key}:1`, name],
      ['holding an object', `${key}:{"polluted":1}`, name],
      ['in a nested DTO', `"linea":{"texto":"a",${key}:{"polluted":1}}`, `linea.${name}`],
      ['in a list of DTOs', `"lineas":[{"texto":"a"},{"texto":"b",${key}:[1]}]`, `lineas.1.${name}`],
    ])('is refused %s like any unknown key', async (_where, member, campo) => {
      await expect(outcome(bodyWith(member))).resolves.toEqual({ errores: [unknownField(campo)] });
      expect(objectPrototypePolluted()).toBe(false);
    });

    it('is named together with the other errors of the body', async () => {
      await expect(outcome(JSON.parse(`{"foo":1,${key}:1,"nombre":5}`))).resolves.toEqual({
        errores: [unknownField('foo'), unknownField(name), { campo: 'nombre', mensaje: 'debe ser un texto.' }],
      });
    });

    it('is refused in a query string like any unknown parameter', async () => {
      await expect(outcome(parseQueryString(`nombre=Ana&${encodeURIComponent(name)}=1`), asQuery)).resolves.toEqual({ errores: [unknownField(name)] });
      await expect(outcome(parseQueryString(`nombre=Ana&${encodeURIComponent(name)}=1&${encodeURIComponent(name)}=2`), asQuery)).resolves.toEqual({
        errores: [unknownField(name)],
      });
    });
  });

  it('names them inside nested DTOs among those DTOs’ own errors, unknown fields first, in the order sent', async () => {
    const body = JSON.parse('{"lineas":[{"texto":1},{"hasOwnProperty":1,"texto":2,"__proto__":3}],"nombre":"Ana","linea":{"valueOf":1,"texto":3}}');

    await expect(outcome(body)).resolves.toEqual({
      errores: [
        { campo: 'linea.valueOf', mensaje: 'no es un campo permitido.' },
        { campo: 'linea.texto', mensaje: 'debe ser un texto.' },
        { campo: 'lineas.0.texto', mensaje: 'debe ser un texto.' },
        { campo: 'lineas.1.hasOwnProperty', mensaje: 'no es un campo permitido.' },
        { campo: 'lineas.1.__proto__', mensaje: 'no es un campo permitido.' },
        { campo: 'lineas.1.texto', mensaje: 'debe ser un texto.' },
      ],
    });
  });

  it('still builds the DTO from a body without such keys, owning only what was sent', async () => {
    const result = await outcome(bodyWith('"edad":30,"linea":{"texto":"a"},"lineas":[{"texto":"b"}]'));
    expect(result).toEqual({ dto: { nombre: 'Ana', edad: 30, linea: { texto: 'a' }, lineas: [{ texto: 'b' }] } });
    const dto = (result as { dto: FormularioDto }).dto;
    expect(dto).toBeInstanceOf(FormularioDto);
    expect(dto.linea).toBeInstanceOf(LineaDto);
    expect(Object.keys(dto)).toEqual(['nombre', 'edad', 'linea', 'lineas']);
  });

  it('leaves prototype-named keys inside a field that is not a DTO to that field: the field is refused', async () => {
    await expect(outcome(bodyWith('"edad":{"__proto__":{"polluted":1},"constructor":1}'))).resolves.toEqual({
      errores: [{ campo: 'edad', mensaje: 'debe ser un número entero.' }],
    });
    expect(objectPrototypePolluted()).toBe(false);
  });
});

class ListadoQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  pagina: number = 1;
}

class BusquedaQuery {
  @IsString()
  texto!: string;
}

describe('a query sent without parameters', () => {
  const asListado: ArgumentMetadata = { type: 'query', metatype: ListadoQuery };

  it("becomes the class's defaults, validated the first time only", async () => {
    const checks = jest.spyOn(Object.getPrototypeOf(pipe) as { validate: () => unknown }, 'validate');
    try {
      const first = await pipe.transform(Object.create(null), asListado);
      const again = await pipe.transform({}, asListado);
      expect(first).toBeInstanceOf(ListadoQuery);
      expect(again).toBeInstanceOf(ListadoQuery);
      expect(again).toEqual({ pagina: 1 });
      expect(checks).toHaveBeenCalledTimes(1);
    } finally {
      checks.mockRestore();
    }
  });

  it('is refused every time when the class requires a parameter', async () => {
    const asBusqueda: ArgumentMetadata = { type: 'query', metatype: BusquedaQuery };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await expect(outcome({}, asBusqueda)).resolves.toEqual({ errores: [{ campo: 'texto', mensaje: 'es obligatorio.' }] });
    }
  });

  it('is validated as before once it carries a parameter', async () => {
    await pipe.transform({}, asListado);
    await expect(outcome(parseQueryString('pagina=x'), asListado)).resolves.toEqual({ errores: [{ campo: 'pagina', mensaje: 'debe ser un número entero.' }] });
    await expect(outcome(parseQueryString('otro=1'), asListado)).resolves.toEqual({ errores: [unknownField('otro')] });
  });
});
