import { esSinFactura } from '@radica/contracts/muv';
import { RefreshCw } from 'lucide-react';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { DetailList } from '../../../components/ui/detail-list';
import { formatCop } from '../../../lib/format';
import type { TMinisterioDetail } from '../api/types';
import { ApprovalPanel } from './approval-panel';

/**
 * 'Resumen del reporte enviado' of an accepted document (seed 001 §2): the CUV panel, the invoice figures the
 * ministry returned, and 'Sincronizar con el Ministerio'.
 */
export function ApprovedCard({
  doc,
  isSyncing,
  onSync,
}: {
  doc: TMinisterioDetail;
  isSyncing: boolean;
  /** Absent for a role that may not change documents. */
  onSync?: () => void;
}) {
  return (
    <Card aria-labelledby="enviado-title">
      <CardHeader
        id="enviado-title"
        title={MSG_MINISTERIO.sentSummaryTitle}
        actions={
          onSync && (
            <Button variant="secondary" size="sm" onClick={onSync} isLoading={isSyncing}>
              {!isSyncing && <RefreshCw aria-hidden="true" className="size-4" />} {MSG_MINISTERIO.syncButton}
            </Button>
          )
        }
      />
      <CardBody className="space-y-4">
        <ApprovalPanel cuv={doc.cuv} fechaRadicacion={doc.fechaRadicacion} procesoId={doc.procesoId} />
        {/* A re-send the ministry answered RVG18: its CUV was recovered, not issued now (docs/decisions/047). */}
        {doc.cuvRecuperado && (
          <p data-testid="cuv-recuperado" className="text-sm text-slate-600">
            {MSG_MINISTERIO.cuvRecuperado}
          </p>
        )}
        {doc.infoFevRips && (
          <DetailList
            items={[
              // A RIPS without invoice has no invoice value.
              ...(esSinFactura(doc.servicioCarga) ? [] : [{ label: 'Valor de la factura', value: formatCop(doc.infoFevRips.totalFactura) }]),
              { label: 'Valor de los servicios', value: formatCop(doc.infoFevRips.totalValorServicios) },
              { label: 'Cantidad de usuarios', value: String(doc.infoFevRips.cantidadUsuarios) },
              { label: 'Cantidad de atenciones', value: String(doc.infoFevRips.cantidadAtenciones) },
              { label: 'Modalidad de pago', value: doc.infoFevRips.modalidadPago ?? '—' },
              {
                label: 'Identificación del adquiriente',
                value: doc.infoFevRips.identificacionAdquiriente ?? '—',
                mono: true,
              },
            ]}
          />
        )}
      </CardBody>
    </Card>
  );
}
