import type { ReactNode } from 'react';
import { MSG_INTEGRACIONES } from '@radica/contracts/messages-integraciones';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { RUTA_DOCUMENTACION_API, routes } from '../../../lib/api-client';

/** The filing call and the status call of the API channel, relative to the server the page came from. */
export const PAQUETES_PATH = routes.integraciones.radicarPaquete.path;
/** The OpenAPI viewer the API serves (apps/api/src/plugins/openapi.ts): a server page, not a route of the app. */
export const API_DOCS_PATH = RUTA_DOCUMENTACION_API;

function CodeBlock({ label, children }: { label: string; children: ReactNode }) {
  return (
    <pre
      tabIndex={0}
      aria-label={label}
      className="overflow-x-auto rounded-lg bg-slate-100 px-3 py-2 font-mono text-xs text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <code>{children}</code>
    </pre>
  );
}

/**
 * 'Cómo usar una clave': the key travels as `Authorization: Bearer <clave>`; a package is
 * filed with POST /api/v1/paquetes (multipart parts xml and rips, field enviar: true waits for the ministry, async
 * answers 202 at once on Business, docs/decisions/040; or the ministry's JSON shape) and followed with
 * GET /api/v1/paquetes/{id}. Links the OpenAPI reference at /api/docs, in a new tab.
 */
export function ApiKeyUsage({ origin = window.location.origin }: { origin?: string }) {
  const url = `${origin}${PAQUETES_PATH}`;
  const curl = [
    `curl -X POST ${url} \\`,
    '  -H "Authorization: Bearer <clave>" \\',
    '  -H "Idempotency-Key: factura-FE1001" \\',
    '  -F xml=@FE1001.xml -F rips=@FE1001.json -F enviar=true',
  ].join('\n');
  const curlAsync = [
    `curl -X POST ${url} \\`,
    '  -H "Authorization: Bearer <clave>" \\',
    '  -H "Idempotency-Key: factura-FE1002" \\',
    '  -F xml=@FE1002.xml -F rips=@FE1002.json -F enviar=async',
  ].join('\n');
  return (
    <Card aria-labelledby="api-usage-title">
      <CardHeader id="api-usage-title" title={MSG_INTEGRACIONES.usoTitulo} />
      <CardBody className="space-y-3 text-sm text-slate-700">
        <p>{MSG_INTEGRACIONES.usoEncabezado}</p>
        <CodeBlock label="Authorization">Authorization: Bearer &lt;clave&gt;</CodeBlock>
        <p>{MSG_INTEGRACIONES.usoRadicar}</p>
        <CodeBlock label={`POST ${PAQUETES_PATH}`}>POST {url}</CodeBlock>
        <p>{MSG_INTEGRACIONES.usoEnviar}</p>
        <p>{MSG_INTEGRACIONES.usoAsincrono}</p>
        <p>{MSG_INTEGRACIONES.usoJson}</p>
        <p>{MSG_INTEGRACIONES.usoConsultar}</p>
        <CodeBlock label={`GET ${PAQUETES_PATH}/{id}`}>GET {url}/&#123;id&#125;</CodeBlock>
        <p>{MSG_INTEGRACIONES.usoEjemplo}</p>
        <CodeBlock label="curl">{curl}</CodeBlock>
        <p>{MSG_INTEGRACIONES.usoEjemploAsincrono}</p>
        <CodeBlock label="curl enviar=async">{curlAsync}</CodeBlock>
        <p>
          {MSG_INTEGRACIONES.usoReferencia}{' '}
          <a
            href={API_DOCS_PATH}
            target="_blank"
            rel="noopener"
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {MSG_INTEGRACIONES.documentacionApi}
          </a>
        </p>
        <p className="text-slate-500">{MSG_INTEGRACIONES.usoLimites}</p>
      </CardBody>
    </Card>
  );
}
