import { ZAlertasData, ZAlertasRequest, ZWebhook, ZWebhookCreateRequest, ZWebhookCreated, ZWebhooksData } from '../avisos.ts';
import { ZCanalCorreo, ZCanalCorreoUpdateRequest, ZCorreoEntrantesData, ZCorreoEntrantesQuery } from '../canal-correo.ts';
import { ZCanalSftpData, ZCanalSftpUpdateRequest } from '../canal-sftp.ts';
import { ZEnvelope, ZMessageEnvelope } from '../common.ts';
import { ZIdParams } from '../documents.ts';
import { ZApiKey, ZApiKeyCreateRequest, ZApiKeyCreated, ZApiKeysData, ZPaqueteData } from '../integraciones.ts';
import { ACCESO } from '../usuarios.ts';
import { ruta } from '../route.ts';

/** Administration by a signed-in user only (an API key is refused with 403 API_KEY_FORBIDDEN). */
const admin = { roles: ACCESO.administracion } as const;

/**
 * The integrators' channels: API keys and the filing API (`/api/v1/paquetes`, with a key or a session), result
 * webhooks and alerts, the SFTP and e-mail channels' settings.
 */
export const integraciones = {
  claves: ruta({ method: 'GET', path: '/api/integraciones/claves', ...admin, response: ZEnvelope(ZApiKeysData) }),
  crearClave: ruta({ method: 'POST', path: '/api/integraciones/claves', ...admin, body: ZApiKeyCreateRequest, response: ZEnvelope(ZApiKeyCreated) }),
  revocarClave: ruta({ method: 'DELETE', path: '/api/integraciones/claves/:id', ...admin, params: ZIdParams, response: ZEnvelope(ZApiKey) }),
  confirmarClave: ruta({ method: 'POST', path: '/api/integraciones/claves/:id/confirmar', ...admin, params: ZIdParams, response: ZEnvelope(ZApiKey) }),
  /**
   * A filing: multipart parts `xml`, `rips`, field `enviar`; or JSON ZPaqueteJsonRequest (integraciones.ts); the
   * `Idempotency-Key` header. 201 created, 202 queued, 200 an earlier answer repeated.
   */
  radicarPaquete: ruta({
    method: 'POST',
    path: '/api/v1/paquetes',
    roles: ACCESO.edicion,
    claves: true,
    cuerpo: 'json-o-multipart',
    response: ZEnvelope(ZPaqueteData),
    otras: { 201: ZEnvelope(ZPaqueteData), 202: ZEnvelope(ZPaqueteData) },
  }),
  paquete: ruta({ method: 'GET', path: '/api/v1/paquetes/:id', roles: ACCESO.lectura, claves: true, params: ZIdParams, response: ZEnvelope(ZPaqueteData) }),
  webhooks: ruta({ method: 'GET', path: '/api/integraciones/webhooks', ...admin, response: ZEnvelope(ZWebhooksData) }),
  crearWebhook: ruta({ method: 'POST', path: '/api/integraciones/webhooks', ...admin, body: ZWebhookCreateRequest, response: ZEnvelope(ZWebhookCreated) }),
  eliminarWebhook: ruta({ method: 'DELETE', path: '/api/integraciones/webhooks/:id', ...admin, params: ZIdParams, response: ZEnvelope(ZWebhook) }),
  probarWebhook: ruta({ method: 'POST', path: '/api/integraciones/webhooks/:id/probar', ...admin, params: ZIdParams, response: ZMessageEnvelope }),
  alertas: ruta({ method: 'GET', path: '/api/integraciones/alertas', ...admin, response: ZEnvelope(ZAlertasData) }),
  guardarAlertas: ruta({ method: 'PUT', path: '/api/integraciones/alertas', ...admin, body: ZAlertasRequest, response: ZEnvelope(ZAlertasData) }),
  canalSftp: ruta({ method: 'GET', path: '/api/canales/sftp', ...admin, response: ZEnvelope(ZCanalSftpData) }),
  guardarCanalSftp: ruta({ method: 'PUT', path: '/api/canales/sftp', ...admin, body: ZCanalSftpUpdateRequest, response: ZEnvelope(ZCanalSftpData) }),
  canalCorreo: ruta({ method: 'GET', path: '/api/canales/correo', ...admin, response: ZEnvelope(ZCanalCorreo) }),
  guardarCanalCorreo: ruta({ method: 'PUT', path: '/api/canales/correo', ...admin, body: ZCanalCorreoUpdateRequest, response: ZEnvelope(ZCanalCorreo) }),
  rotarCanalCorreo: ruta({ method: 'POST', path: '/api/canales/correo/rotar', ...admin, response: ZEnvelope(ZCanalCorreo) }),
  entrantesCanalCorreo: ruta({ method: 'GET', path: '/api/canales/correo/entrantes', ...admin, query: ZCorreoEntrantesQuery, response: ZEnvelope(ZCorreoEntrantesData) }),
};
