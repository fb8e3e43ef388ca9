/** Reads the page after `cursor` (null: the first page). */
export type LectorDePaginas<T> = (cursor: T | null) => Promise<Record<string, unknown>[]>;

/**
 * A JSON array written a page at a time: one chunk per page, the next page read only when the consumer asks
 * for more, so memory holds one page whatever the number of rows. A short page is the last.
 */
export async function* jsonPaginado<T>(leer: LectorDePaginas<T>, cursorDe: (fila: Record<string, unknown>) => T, tamanoPagina: number): AsyncGenerator<string> {
  let cursor: T | null = null;
  let separador = '[\n';
  for (;;) {
    const pagina = await leer(cursor);
    if (pagina.length) {
      yield separador + pagina.map((fila) => JSON.stringify(fila)).join(',\n');
      separador = ',\n';
    }
    if (pagina.length < tamanoPagina) break;
    cursor = cursorDe(pagina.at(-1)!);
  }
  yield separador === '[\n' ? '[]\n' : '\n]\n';
}
