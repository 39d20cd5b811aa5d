import { RUTA_DOCUMENTACION_API, routes, type TEntradaDe, type TRespuestaDe, type TRuta } from '@radica/contracts/routes';
import { rutaConParametros } from '@radica/contracts/route';
import { apiDownload, apiRequest } from './http';

export { RUTA_DOCUMENTACION_API, routes };

/** Options of a call besides its input: cancel it with `signal`. */
export type TOpcionesLlamada = { signal?: AbortSignal };

/**
 * Answers are checked against the route's response schema in development (a drifted contract throws the ZodError) and
 * in tests (each mismatch is reported on the console naming the route: many unit tests still answer a partial `data`,
 * which would throw). Production does not re-parse: the server serialized the answer with the same schema.
 */
const VALIDACION: 'lanzar' | 'avisar' | 'no' = import.meta.env.MODE === 'test' ? 'avisar' : import.meta.env.DEV ? 'lanzar' : 'no';

/** Check `respuesta` against the entry's response schema as {@link VALIDACION} says. */
export function validarRespuesta(ruta: TRuta, respuesta: unknown, modo = VALIDACION): void {
  if (modo === 'no') return;
  const parsed = ruta.response.safeParse(respuesta);
  if (parsed.success) return;
  if (modo === 'lanzar') throw parsed.error;
  console.warn(`[contrato] ${ruta.method} ${ruta.path}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
}

/** `?a=1&b=2` of a query object: undefined, null and '' are left out (the server's defaults apply). */
function consulta(query: Record<string, unknown> | undefined): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The URL of a call: the entry's path with its parameters, then the query. */
export function urlDe<R extends TRuta>(ruta: R, input: TEntradaDe<R>): string {
  const i = input as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  return rutaConParametros(ruta.path, i.params) + consulta(i.query);
}

/**
 * Call one route of the table (@radica/contracts/routes, docs/decisions/053): the method, path, parameters, query and
 * body come from the entry and `input`; the answer is typed by the entry's response schema and checked against it in
 * development and tests ({@link validarRespuesta}). Errors as lib/http.ts apiRequest: HttpError with the
 * Spanish text to show. A route without session headers is the table's public one (lib/http.ts).
 */
export async function apiCall<R extends TRuta>(ruta: R, ...[input, opciones]: TArgs<R>): Promise<TRespuestaDe<R>> {
  const i = (input ?? {}) as { body?: unknown };
  const body = i.body instanceof FormData ? { formData: i.body } : i.body !== undefined ? { body: i.body } : {};
  const respuesta = await apiRequest<unknown>(urlDe(ruta, (input ?? {}) as TEntradaDe<R>), { method: ruta.method, ...body, signal: opciones?.signal });
  validarRespuesta(ruta, respuesta);
  return respuesta as TRespuestaDe<R>;
}

/** Download the file a route answers (`respuesta: 'archivo'`): its bytes and the name of its Content-Disposition. */
export function apiDescarga<R extends TRuta & { respuesta: 'archivo' }>(ruta: R, ...[input]: TArgs<R>) {
  return apiDownload(urlDe(ruta, (input ?? {}) as TEntradaDe<R>));
}

/** `input` may be left out when the route needs nothing. */
type TArgs<R extends TRuta> = Record<string, never> extends TEntradaDe<R>
  ? [input?: TEntradaDe<R>, opciones?: TOpcionesLlamada]
  : [input: TEntradaDe<R>, opciones?: TOpcionesLlamada];
