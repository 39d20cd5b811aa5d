import type { TRuta } from './route.ts';
import { auth } from './routes/auth.ts';
import { documentos } from './routes/documentos.ts';
import { integraciones } from './routes/integraciones.ts';
import { pagos } from './routes/pagos.ts';
import { prestador } from './routes/prestador.ts';
import { rips } from './routes/rips.ts';
import { sistema } from './routes/sistema.ts';
import { usuarios } from './routes/usuarios.ts';

/**
 * Every HTTP route of the API (docs/decisions/053), by area: the server registers each one from its entry and refuses
 * to start with a route under /api that is not here (apps/api/src/lib/route.ts); the web calls them through it. Not
 * here: the OpenAPI viewer (/api/docs, a plugin's pages), the SPA and the local simulators (/_sim/…, stand-ins for
 * outside parties, not this API).
 */
export const routes = { sistema, auth, prestador, documentos, pagos, integraciones, usuarios, rips } as const;

/** The OpenAPI viewer the API serves (apps/api/src/plugins/openapi.ts): a server page, not a route of the table. */
export const RUTA_DOCUMENTACION_API = '/api/docs/';

/** The table as one list. */
export const TODAS_LAS_RUTAS: readonly TRuta[] = Object.values(routes).flatMap((area) => Object.values(area) as TRuta[]);

/** `METHOD path` of an entry (the key the server and the tests compare). */
export const claveDeRuta = (r: Pick<TRuta, 'method' | 'path'>) => `${r.method} ${r.path}`;

export type { TAcceso, TMetodo, TRuta, TEntradaDe, TRespuestaDe } from './route.ts';
