/** Reads the page after `cursor` (null: the first page). */
export type LectorDePaginas<T> = (cursor: T | null) => Promise<Record<string, unknown>[]>;

/** Every page, each read only when the previous one was taken; a short page is the last. */
export async function* paginas<T>(leer: LectorDePaginas<T>, cursorDe: (fila: Record<string, unknown>) => T, tamanoPagina: number): AsyncGenerator<Record<string, unknown>[]> {
  for (let cursor: T | null = null; ; ) {
    const pagina = await leer(cursor);
    if (pagina.length) yield pagina;
    if (pagina.length < tamanoPagina) return;
    cursor = cursorDe(pagina.at(-1)!);
  }
}

/**
 * A JSON array written a page at a time: one chunk per page, the next page read only when the consumer asks
 * for more, so memory holds one page whatever the number of rows.
 */
export async function* jsonPaginado<T>(leer: LectorDePaginas<T>, cursorDe: (fila: Record<string, unknown>) => T, tamanoPagina: number): AsyncGenerator<string> {
  let separador = '[\n';
  for await (const pagina of paginas(leer, cursorDe, tamanoPagina)) {
    yield separador + pagina.map((fila) => JSON.stringify(fila)).join(',\n');
    separador = ',\n';
  }
  yield separador === '[\n' ? '[]\n' : '\n]\n';
}
