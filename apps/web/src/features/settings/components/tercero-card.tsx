import type { TProviderConfig } from '@radica/contracts/provider';
import { TIPOS_IDENTIDAD } from '@radica/contracts/enums';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { DetailList } from '../../../components/ui/detail-list';
import { departamentoNombre } from '../../../lib/departamentos';

/** The company or person record, read-only for now (seed 000 §2 "Settings", General tab). */
export function TerceroCard({ tercero }: { tercero: TProviderConfig['tercero'] }) {
  const tipo =
    TIPOS_IDENTIDAD[tercero.tipoIdentidad as keyof typeof TIPOS_IDENTIDAD] ?? tercero.tipoIdentidad;
  const departamento = departamentoNombre(tercero.codDepartamento);
  return (
    <Card aria-labelledby="tercero-card-title">
      <CardHeader id="tercero-card-title" title="Información personal y de la empresa" />
      <CardBody>
        <DetailList
          items={[
            { label: 'Nombre', value: tercero.nombre },
            { label: 'Razón social', value: tercero.razonSocial },
            { label: 'Tipo de identificación', value: tipo },
            {
              label: 'Número de identificación',
              value: tercero.numeroIdentificacion
                ? `${tercero.numeroIdentificacion}${tercero.dv ? `-${tercero.dv}` : ''}`
                : '',
            },
            { label: 'Email', value: tercero.email },
            { label: 'Teléfono', value: tercero.telefono },
            { label: 'Dirección', value: tercero.direccion },
            {
              label: 'Ubicación',
              value: [
                departamento ?? tercero.codDepartamento,
                tercero.codCiudad && `municipio ${tercero.codCiudad}`,
                tercero.codPais,
              ]
                .filter(Boolean)
                .join(' · '),
            },
          ]}
        />
      </CardBody>
    </Card>
  );
}
