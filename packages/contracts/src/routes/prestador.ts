import { z } from 'zod';
import { ZEnvelope, ZMessageEnvelope } from '../common.ts';
import { ZProductosComprados, ZGrantData, ZGrantRequest } from '../products.ts';
import { ZProviderConfig, ZProviderConfigRequest } from '../provider.ts';
import { ZPrestadoresAutocompleteData, ZPrestadoresAutocompleteQuery, ZProbarConexionData, ZProbarConexionRequest, ZRepsImportData } from '../reps.ts';
import { ZBackupData, ZBackupRequest } from '../backups.ts';
import { ACCESO } from '../usuarios.ts';
import { ruta } from '../route.ts';

/** The provider's ministry configuration, the REPS search, the modules bought, and the operator's calls (seed 000 §7). */
export const prestador = {
  configuracion: ruta({ method: 'GET', path: '/api/Auth/tercero-fevrips', roles: ACCESO.lectura, response: ZEnvelope(ZProviderConfig) }),
  crearConfiguracion: ruta({ method: 'POST', path: '/api/Auth/crear-configuracion-fevrips', roles: ACCESO.administracion, body: ZProviderConfigRequest, response: ZEnvelope(ZProviderConfig) }),
  probarConexion: ruta({ method: 'POST', path: '/api/Auth/probar-conexion-fevrips', roles: ACCESO.administracion, body: ZProbarConexionRequest.nullish(), response: ZEnvelope(ZProbarConexionData) }),
  actualizarConfiguracion: ruta({ method: 'PUT', path: '/api/Auth/actualizar-configuracion-fevrips', roles: ACCESO.administracion, body: ZProviderConfigRequest, response: ZMessageEnvelope }),
  prestadores: ruta({ method: 'GET', path: '/api/Auth/prestadores/autocomplete', roles: ACCESO.lectura, query: ZPrestadoresAutocompleteQuery, response: ZEnvelope(ZPrestadoresAutocompleteData) }),
  productosComprados: ruta({ method: 'GET', path: '/api/Auth/productos-comprados', roles: ACCESO.lectura, response: ZEnvelope(ZProductosComprados) }),
  /** The operator's REPS import: the body is the CSV stream. */
  importarReps: ruta({
    method: 'POST',
    path: '/api/admin/reps/import',
    roles: 'operador',
    cuerpo: 'csv',
    query: z.object({ archivo: z.string().trim().max(200).optional() }),
    response: ZEnvelope(ZRepsImportData),
  }),
  otorgarModulos: ruta({ method: 'POST', path: '/api/admin/grant', roles: 'operador', body: ZGrantRequest, response: ZEnvelope(ZGrantData) }),
  copia: ruta({ method: 'POST', path: '/api/admin/backup', roles: 'operador', body: ZBackupRequest, response: ZEnvelope(ZBackupData) }),
};
