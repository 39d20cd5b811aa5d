import { useNavigate } from 'react-router';
import type { TVerificarFormatoData } from '@radica/contracts/documents';
import { MSG } from '@radica/contracts/messages';
import { Button } from '../../../components/ui/button';
import { DetailList } from '../../../components/ui/detail-list';
import { Modal } from '../../../components/ui/modal';
import { formatDateTime } from '../../../lib/format';
import { estadoLabel } from '../utils/estado';

/** The upload refusals that open a dialog (seed 001 §5 "Identity check", "Format consistency"). */
export type UploadProblem =
  | { kind: 'identity-mismatch'; message: string; archivo: string; tercero: string }
  | { kind: 'identity-not-found'; message: string }
  | { kind: 'formato-mismatch'; message: string; formatoArchivo: string; formatoDocumento: string }
  | { kind: 'formato-exists'; message: string; data: TVerificarFormatoData };

function archivosText(data: TVerificarFormatoData): string {
  return `XML: ${data.tieneXml ? 'cargado' : 'pendiente'} · JSON: ${data.tieneJson ? 'cargado' : 'pendiente'}`;
}

export function UploadProblemModal({
  problem,
  onClose,
}: {
  problem: UploadProblem | null;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  if (!problem) return null;
  const understood = <Button onClick={onClose}>Entendido</Button>;

  switch (problem.kind) {
    case 'identity-mismatch':
      return (
        <Modal isOpen title={MSG.identityMismatch} tone="error" onClose={onClose} footer={understood}>
          <p className="mb-4">
            El número de identificación del obligado en el archivo no coincide con el número de identificación
            registrado en tu cuenta. Verifica que el archivo corresponda a tu organización.
          </p>
          <DetailList
            items={[
              { label: 'Número en el archivo', value: problem.archivo, mono: true, testId: 'nit-archivo' },
              { label: 'Número registrado', value: problem.tercero, mono: true, testId: 'nit-tercero' },
            ]}
          />
        </Modal>
      );
    case 'identity-not-found':
      return (
        <Modal isOpen title={MSG.identityNotFoundTitle} tone="error" onClose={onClose} footer={understood}>
          <p>{problem.message || MSG.identityNotFound}</p>
        </Modal>
      );
    case 'formato-mismatch':
      return (
        <Modal isOpen title={MSG.formatoMismatch} tone="error" onClose={onClose} footer={understood}>
          <p className="mb-4">
            El archivo pertenece a otro formato (número de factura) distinto al de este reporte.
          </p>
          <DetailList
            items={[
              { label: 'Formato del archivo', value: problem.formatoArchivo, mono: true },
              { label: 'Formato del reporte', value: problem.formatoDocumento, mono: true },
            ]}
          />
        </Modal>
      );
    case 'formato-exists': {
      const { data } = problem;
      return (
        <Modal
          isOpen
          title={MSG.formatoExists}
          tone="warning"
          onClose={onClose}
          footer={
            <>
              <Button variant="secondary" onClick={onClose}>
                Entendido
              </Button>
              {data.fevRipsId !== null && (
                <Button
                  onClick={() => {
                    onClose();
                    navigate(`/ministerio/${data.fevRipsId}`);
                  }}
                >
                  {MSG.viewReportButton}
                </Button>
              )}
            </>
          }
        >
          <p className="mb-4">{data.mensaje || problem.message}</p>
          <DetailList
            items={[
              { label: 'ID del reporte', value: data.fevRipsId ?? '', mono: true },
              { label: 'Estado', value: data.estado ? estadoLabel(data.estado) : '' },
              { label: 'Fecha de creación', value: formatDateTime(data.fechaCreacion) },
              { label: 'Archivos', value: archivosText(data) },
              {
                label: 'CUV',
                value: data.cuv ? <span className="break-all">{data.cuv}</span> : '',
                mono: true,
              },
            ]}
          />
          {data.infoFaltante.length > 0 && (
            <div className="mt-4">
              <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
                Información pendiente
              </p>
              <ul className="mt-1 list-disc space-y-0.5 pl-5">
                {data.infoFaltante.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          )}
        </Modal>
      );
    }
  }
}
