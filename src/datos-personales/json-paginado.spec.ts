import { jsonPaginado } from './json-paginado.js';

/** Rows 1..total, read by pages after the last id. */
function tabla(total: number, pedidas: (number | null)[]) {
  return async (cursor: number | null) => {
    pedidas.push(cursor);
    const desde = (cursor ?? 0) + 1;
    return Array.from({ length: Math.max(0, Math.min(3, total - desde + 1)) }, (_, i) => ({ id: desde + i }));
  };
}

describe('jsonPaginado', () => {
  it('writes every row once, in order, as one JSON array', async () => {
    const chunks: string[] = [];
    for await (const chunk of jsonPaginado(tabla(7, []), (fila) => fila.id as number, 3)) chunks.push(chunk);
    expect(JSON.parse(chunks.join(''))).toEqual([1, 2, 3, 4, 5, 6, 7].map((id) => ({ id })));
  });

  it('writes an empty array when there are no rows', async () => {
    const chunks: string[] = [];
    for await (const chunk of jsonPaginado(tabla(0, []), (fila) => fila.id as number, 3)) chunks.push(chunk);
    expect(JSON.parse(chunks.join(''))).toEqual([]);
  });

  it('reads the next page only when the consumer asks for more', async () => {
    const pedidas: (number | null)[] = [];
    const paginas = jsonPaginado(tabla(9, pedidas), (fila) => fila.id as number, 3);
    const primera = await paginas.next();
    expect(JSON.parse(`${primera.value as string}]`)).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(pedidas).toEqual([null]);
    await paginas.next();
    expect(pedidas).toEqual([null, 3]);
  });

  it('asks once more after a full last page, and stops at the empty answer', async () => {
    const pedidas: (number | null)[] = [];
    const chunks: string[] = [];
    for await (const chunk of jsonPaginado(tabla(6, pedidas), (fila) => fila.id as number, 3)) chunks.push(chunk);
    expect(pedidas).toEqual([null, 3, 6]);
    expect(JSON.parse(chunks.join(''))).toHaveLength(6);
  });
});
