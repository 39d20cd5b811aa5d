import type { TCanal } from '@radica/contracts/plans';

/**
 * The four ways a provider hands Radica its invoice (XML) and RIPS (JSON) (seed 002 §1 "four sending channels"):
 * `pill` is the hero's label, `name` the carousel's, `steps` how a delivery goes through that channel.
 */
export const CANAL_INFO: Record<
  TCanal,
  { pill: string; name: string; summary: string; steps: readonly string[] }
> = {
  email: {
    pill: 'correo electrónico',
    name: 'Correo electrónico',
    summary:
      'Envía la factura electrónica (XML) y los RIPS (JSON) como adjuntos a tu buzón de radicación. Radica empareja los archivos por número de factura, los valida y los radica ante el Ministerio.',
    steps: [
      'Adjunta el XML y el JSON de cada factura en un solo correo.',
      'Escribe desde la cuenta de correo registrada en Radica.',
      'Recibe por respuesta el CUV o los errores que debes corregir.',
    ],
  },
  ftp: {
    pill: 'FTP/SFTP',
    name: 'FTP/SFTP',
    summary:
      'Tu software de facturación deja los archivos en una carpeta FTP o SFTP propia de tu institución. Radica los recoge, los valida y los envía sin que nadie tenga que subirlos a mano.',
    steps: [
      'Configura la carpeta de salida de tu software con las credenciales que te damos.',
      'Radica recoge cada par XML + JSON en cuanto aparece.',
      'Consulta el resultado y el CUV en la bitácora de envíos.',
    ],
  },
  plataforma: {
    pill: 'plataforma',
    name: 'Plataforma web',
    summary:
      'Sube el XML y el JSON desde el navegador, revisa lo que marcan las validaciones del Ministerio antes de enviar y sigue cada radicación en el historial.',
    steps: [
      'Carga la factura y sus RIPS desde cualquier computador.',
      'Corrige lo que señalan las validaciones antes de radicar.',
      'Envía con un clic y descarga el CUV cuando el Ministerio lo apruebe.',
    ],
  },
  api: {
    pill: 'API',
    name: 'API',
    summary:
      'Conecta tu HIS o ERP a la API de Radica: envía los documentos por HTTPS con tu token y consulta el estado y el CUV desde tu propio sistema.',
    steps: [
      'Autentícate con el token de tu institución.',
      'Envía el XML y el JSON de cada factura en una sola llamada.',
      'Consulta el estado y el CUV de cada documento cuando lo necesites.',
    ],
  },
};
