import { Link } from 'react-router';
import { FilePlus2 } from 'lucide-react';
import { MSG_NOTAS } from '@radica/contracts/messages-notas';
import { cargaEndpoint } from '@radica/contracts/muv';
import type { TFamilia } from '@radica/contracts/notas';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { DetailList } from '../../../components/ui/detail-list';
import { formatCop, formatDateTime } from '../../../lib/format';
import { tipoDocumentoLabel } from '../utils/display';
import { EstadoBadge } from './estado-badge';

/**
 * The family of a document (docs/decisions/051): on an invoice, its notes (type, number, value, status, CUV) and the
 * net value (invoice − credits + debits; cancelled notes left out) with 'Crear nota' when one can be built; on a note,
 * the invoice it corrects, linked.
 */
export function FamiliaCard({
  familia,
  facturaId,
  crearNota,
}: {
  familia: TFamilia;
  facturaId: number;
  crearNota: boolean;
}) {
  if (familia.factura) {
    return (
      <Alert tone="info">
        <span data-testid="familia-nota">
          {MSG_NOTAS.notaDeFactura(familia.factura.formato)}{' '}
          <Link
            to={`/ministerio/${familia.factura.id}`}
            className="font-medium text-brand-700 underline"
            data-testid="enlace-factura"
          >
            {MSG_NOTAS.verFactura}
          </Link>
        </span>
      </Alert>
    );
  }
  if (familia.valorFactura === null) return null;
  return (
    <Card aria-labelledby="familia-title" data-testid="familia">
      <CardHeader
        id="familia-title"
        title={MSG_NOTAS.familiaTitulo}
        actions={
          crearNota && (
            <Link to={`/ministerio/${facturaId}/nota`} className={buttonClasses('primary', 'sm')}>
              <FilePlus2 aria-hidden="true" className="size-4" /> {MSG_NOTAS.crearNota}
            </Link>
          )
        }
      />
      <CardBody className="space-y-4">
        {familia.notas.length === 0 ? (
          <p className="text-sm text-slate-500">{MSG_NOTAS.familiaVacia}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="notas-factura">
              <thead className="text-left text-xs uppercase text-slate-500">
                <tr>
                  <th className="py-2 pr-3">Tipo</th>
                  <th className="py-2 pr-3">Número</th>
                  <th className="py-2 pr-3 text-right">Valor</th>
                  <th className="py-2 pr-3">Estado</th>
                  <th className="py-2 pr-3">CUV</th>
                  <th className="py-2">Creada</th>
                </tr>
              </thead>
              <tbody>
                {familia.notas.map((n) => (
                  <tr key={n.id} className="border-t border-slate-100" data-testid="fila-nota">
                    <td className="py-2 pr-3">
                      {cargaEndpoint(n.servicioCarga)?.paquete ?? tipoDocumentoLabel(n.tipoDocumento)}
                    </td>
                    <td className="py-2 pr-3 font-mono">
                      <Link to={`/ministerio/${n.id}`} className="text-brand-700 hover:underline">
                        {n.formato}
                      </Link>
                    </td>
                    <td className="py-2 pr-3 text-right">{formatCop(n.valor)}</td>
                    <td className="py-2 pr-3">
                      <EstadoBadge estado={n.estado} />
                    </td>
                    <td className="max-w-48 truncate py-2 pr-3 font-mono text-xs" title={n.cuv ?? undefined}>
                      {n.cuv ?? '—'}
                    </td>
                    <td className="py-2">{formatDateTime(n.fechaCreacion)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <DetailList
          columns={3}
          items={[
            { label: MSG_NOTAS.valorFactura, value: formatCop(familia.valorFactura) },
            { label: MSG_NOTAS.valorCreditos, value: formatCop(familia.creditos) },
            { label: MSG_NOTAS.valorDebitos, value: formatCop(familia.debitos) },
            { label: MSG_NOTAS.valorNeto, value: formatCop(familia.valorNeto ?? 0), testId: 'valor-neto' },
            {
              label: MSG_NOTAS.valorNetoRadicado,
              value: formatCop(familia.valorNetoRadicado ?? 0),
              testId: 'valor-neto-radicado',
            },
          ]}
        />
      </CardBody>
    </Card>
  );
}
