import { Link } from 'react-router';
import { MSG } from '@radica/contracts/messages';
import { MSG_MIN_WEB } from '@radica/contracts/messages-ministerio-web';
import { buttonClasses } from '../../../components/ui/button';
import { DetailList } from '../../../components/ui/detail-list';
import { Spinner } from '../../../components/ui/spinner';
import { formatCop, formatDateTime } from '../../../lib/format';
import { useDocumentDetail } from '../api/get-document-detail';
import { tipoDocumentoLabel } from '../utils/display';
import { EstadoBadge } from './estado-badge';
import { SidePanel } from './side-panel';

/** The details side panel of a list row (seed 001 §2 "view details"), with a link to /ministerio/{id}. */
export function DetailsPanel({ documentId, onClose }: { documentId: number | null; onClose: () => void }) {
  const detail = useDocumentDetail(documentId);
  const doc = detail.data;
  return (
    <SidePanel
      title={MSG_MIN_WEB.detailsPanelTitle}
      isOpen={documentId !== null}
      onClose={onClose}
      footer={
        documentId !== null ? (
          <Link to={`/ministerio/${documentId}`} className={buttonClasses('primary', 'sm')}>
            Ver detalle completo
          </Link>
        ) : undefined
      }
    >
      {detail.isPending ? (
        <div className="flex items-center gap-2 text-slate-500">
          <Spinner /> {MSG.uiLoading}
        </div>
      ) : detail.isError || !doc ? (
        <p className="text-red-600">{MSG_MIN_WEB.detailsGetError}</p>
      ) : (
        <DetailList
          columns={1}
          items={[
            { label: 'Formato', value: doc.formato, mono: true },
            {
              label: 'Tipo de documento',
              value: doc.tipoDocumentoNombre ?? tipoDocumentoLabel(doc.tipoDocumento),
            },
            { label: 'Estado', value: <EstadoBadge estado={doc.estado} /> },
            { label: 'Fecha de creación', value: formatDateTime(doc.fechaCreacion) },
            { label: 'Fecha de envío', value: formatDateTime(doc.fechaEnvio) },
            { label: 'Fecha de radicación', value: formatDateTime(doc.fechaRadicacion) },
            {
              label: 'CUV',
              value: doc.cuv ? <span className="break-all">{doc.cuv}</span> : MSG.cuvUnavailable,
              mono: true,
            },
            { label: 'ID del proceso', value: doc.procesoId ?? '—', mono: true },
            { label: 'Archivo XML', value: doc.archivoXml?.nombre ?? (doc.xml ? 'Cargado' : 'Pendiente') },
            { label: 'Archivo JSON', value: doc.archivoJson?.nombre ?? (doc.json ? 'Cargado' : 'Pendiente') },
            ...(doc.infoFevRips
              ? [
                  { label: 'Valor de la factura', value: formatCop(doc.infoFevRips.totalFactura) },
                  {
                    label: 'Usuarios / atenciones',
                    value: `${doc.infoFevRips.cantidadUsuarios} / ${doc.infoFevRips.cantidadAtenciones}`,
                  },
                ]
              : []),
            { label: 'Errores / notificaciones', value: `${doc.totalErrores} / ${doc.totalNotificaciones}` },
            { label: 'Intentos de envío', value: String(doc.intentosEnvio) },
          ]}
        />
      )}
    </SidePanel>
  );
}
