import { MSG } from '@radica/contracts/messages';
import { MSG_INTEGRACIONES } from '@radica/contracts/messages-integraciones';
import { cargaEndpoint, esSinFactura } from '@radica/contracts/muv';
import { DetailList, type DetailItem } from '../../../components/ui/detail-list';
import { formatCop, formatDateTime } from '../../../lib/format';
import type { TMinisterioDetail } from '../api/types';
import { canalLabel, tipoDocumentoLabel } from '../utils/display';
import { EstadoBadge } from './estado-badge';

/**
 * A document's summary (seed 001 §2): formato, type, channel, status, dates, the RIPS structure checked,
 * the package type and send attempts. The editor's 'Resumen'
 * card shows the short form; the list's details side panel (`detailed`) adds the filing date, CUV, process id,
 * files, invoice figures and finding counts.
 */
export function DocumentSummary({
  doc,
  detailed = false,
  estadoTestId,
}: {
  doc: TMinisterioDetail;
  detailed?: boolean;
  estadoTestId?: string;
}) {
  const items: DetailItem[] = [
    { label: 'Formato', value: doc.formato, mono: true },
    { label: 'Tipo de documento', value: doc.tipoDocumentoNombre ?? tipoDocumentoLabel(doc.tipoDocumento) },
    { label: MSG_INTEGRACIONES.canal, value: canalLabel(doc.canal, ''), testId: 'canal-documento' },
    { label: 'Estado', value: <EstadoBadge estado={doc.estado} testId={estadoTestId} /> },
    { label: 'Fecha de creación', value: formatDateTime(doc.fechaCreacion) },
  ];
  if (detailed || doc.fechaEnvio) items.push({ label: 'Fecha de envío', value: formatDateTime(doc.fechaEnvio) });
  // Which RIPS structure the pre-validation used (Res. 2275/2023 or Res. 948/2026, by the invoice's date).
  if (doc.infoFevRips?.estructuraRips) items.push({ label: 'Estructura RIPS', value: doc.infoFevRips.estructuraRips });
  // The package type and the ministry service it is sent to (invoice, notes, RIPS without invoice, capitation).
  const carga = cargaEndpoint(doc.servicioCarga);
  if (carga) items.push({ label: 'Tipo de paquete', value: `${carga.paquete} (${carga.name})` });
  if (detailed) {
    items.push(
      { label: 'Fecha de radicación', value: formatDateTime(doc.fechaRadicacion) },
      {
        label: 'CUV',
        value: doc.cuv ? <span className="break-all">{doc.cuv}</span> : MSG.cuvUnavailable,
        mono: true,
      },
      { label: 'ID del proceso', value: doc.procesoId ?? '—', mono: true },
      { label: 'Archivo XML', value: doc.archivoXml?.nombre ?? (doc.xml ? 'Cargado' : 'Pendiente') },
      { label: 'Archivo JSON', value: doc.archivoJson?.nombre ?? (doc.json ? 'Cargado' : 'Pendiente') },
    );
    if (doc.infoFevRips)
      items.push(
        // A RIPS without invoice has no invoice value: the value of its services.
        esSinFactura(doc.servicioCarga)
          ? { label: 'Valor de los servicios', value: formatCop(doc.infoFevRips.totalValorServicios) }
          : { label: 'Valor de la factura', value: formatCop(doc.infoFevRips.totalFactura) },
        {
          label: 'Usuarios / atenciones',
          value: `${doc.infoFevRips.cantidadUsuarios} / ${doc.infoFevRips.cantidadAtenciones}`,
        },
      );
    items.push({ label: 'Errores / notificaciones', value: `${doc.totalErrores} / ${doc.totalNotificaciones}` });
  }
  items.push({ label: 'Intentos de envío', value: String(doc.intentosEnvio) });
  return <DetailList columns={1} items={items} />;
}
