import type { z } from 'zod';
import type { TRol } from './usuarios.ts';

/**
 * One HTTP route of the API as both sides see it (docs/decisions/053): the server registers it from this entry
 * (apps/api/src/lib/route.ts), the web calls it through it (apps/web/src/lib/api-client.ts). Paths are the seeds'
 * exact paths, letter case included; `:name` is a path parameter.
 */

/** The HTTP methods the API uses. */
export type TMetodo = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route: the roles allowed, 'publico' (no session: sign-in, the sales page, outside parties' webhooks,
 * which authenticate their own way) or 'operador' (the operator secret of `npm run admin`, never a user).
 */
export type TAcceso = readonly TRol[] | 'publico' | 'operador';

/**
 * A body that is not one JSON document: `multipart` (a form with files), `json-o-multipart` (either), `csv` (a CSV
 * stream), `firmado` (JSON whose raw bytes carry a signature, checked before parsing). The table gives no body schema
 * for these: the handler reads and checks the parts itself.
 */
export type TCuerpoEspecial = 'multipart' | 'json-o-multipart' | 'csv' | 'firmado';

export type TRuta = {
  readonly method: TMetodo;
  readonly path: string;
  readonly roles: TAcceso;
  /** With a role list: a caller without a session is let through too (the chat, a guest purchase). */
  readonly anonimo?: boolean;
  /** A tenant's API key is accepted as well as a session (the documents and filing API). */
  readonly claves?: boolean;
  /** A public route that still reads the session when one is sent (logout revokes it): the web sends its headers. */
  readonly leeSesion?: boolean;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The body is not one JSON document (see {@link TCuerpoEspecial}). */
  readonly cuerpo?: TCuerpoEspecial;
  /** The answer of 200 (for a download: a placeholder; the body is the file). */
  readonly response: z.ZodType;
  /** Other success statuses and their answers (202 queued, 201 created, 503 not ready). */
  readonly otras?: Readonly<Record<number, z.ZodType>>;
  /** The answer is a file to download (`archivo`) or plain text (`texto`), not a JSON envelope. */
  readonly respuesta?: 'archivo' | 'texto';
};

/** A table entry, checked against {@link TRuta} with its literal types kept (the client's types come from them). */
export const ruta = <const T extends TRuta>(r: T): T => r;

type TInfer<S> = S extends z.ZodType ? z.output<S> : never;
type TInput<S> = S extends z.ZodType ? z.input<S> : never;

/** What a route answers on 200, parsed. */
export type TRespuestaDe<R extends TRuta> = TInfer<R['response']>;
/** What a caller sends: `params`, `query`, `body` when the route has them (inputs: defaults may be left out). */
export type TEntradaDe<R extends TRuta> = (R['params'] extends z.ZodType ? { params: TInput<R['params']> } : { params?: never }) &
  (R['query'] extends z.ZodType ? (Record<never, never> extends TInput<R['query']> ? { query?: TInput<R['query']> } : { query: TInput<R['query']> }) : { query?: never }) &
  (R['body'] extends z.ZodType ? { body: TInput<R['body']> } : R['cuerpo'] extends TCuerpoEspecial ? { body?: unknown } : { body?: never });

/** The path of a route with its parameters filled in (each one URI-encoded). */
export function rutaConParametros(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Falta el parámetro ${name} de ${path}.`);
    return encodeURIComponent(String(value));
  });
}

/** A pattern that matches the path of a route (parameters as one segment), case-insensitive; a query may follow. */
export function patronDeRuta(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]\w*/g, '[^/?#]+');
  return new RegExp(`^${escaped}(?:[?#]|$)`, 'i');
}
