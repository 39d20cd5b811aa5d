import { useEffect } from 'react';
import { Pencil, PlugZap } from 'lucide-react';
import type { TProviderConfig } from '@radica/contracts/provider';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { ALCANCES, TIPOS_ENTIDAD, TIPOS_PERSONA, TIPOS_PRESTADOR } from '@radica/contracts/enums';
import { mapTipoClasePersona } from '@radica/contracts/provider';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { DetailList } from '../../../components/ui/detail-list';
import { Alert } from '../../../components/ui/alert';
import { formatDate } from '../../../lib/format';
import { getErrorMessage } from '../../../lib/http';
import { useProbarConexion } from '../api/probar-conexion';

function label<T extends Record<string, string>>(options: T, code: string | null | undefined): string {
  if (!code) return '';
  return code in options ? `${options[code as keyof T]}` : code;
}

/**
 * The saved provider configuration; the validator password is never shown (seed 000 §2 "Settings"). 'Probar
 * conexión' logs in to the ministry's validator with the saved credentials and
 * keeps the answer's `mensaje` under the data: a status when accepted, an alert when refused or unreachable.
 * Editing (or a configuration that changed) forgets the last answer: it spoke of the credentials as they were.
 */
export function ProviderConfigView({ config, onEdit }: { config: TProviderConfig; onEdit: () => void }) {
  const persona = mapTipoClasePersona(config.tipoClasePersona);
  const probar = useProbarConexion();
  const { reset } = probar;
  useEffect(() => {
    reset();
  }, [config, reset]);
  return (
    <Card aria-labelledby="provider-card-title">
      <CardHeader
        id="provider-card-title"
        title="Configuración del prestador"
        description="Datos que Radica usa para enviar los reportes al Ministerio de Salud."
        actions={
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => probar.mutate()}
              isLoading={probar.isPending}
            >
              {!probar.isPending && <PlugZap aria-hidden="true" className="size-4" />}
              {probar.isPending ? MSG_CUENTAS.probandoConexion : MSG_CUENTAS.probarConexion}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                reset();
                onEdit();
              }}
              aria-label="Editar configuración del prestador"
            >
              <Pencil aria-hidden="true" className="size-4" /> Editar
            </Button>
          </div>
        }
      />
      <CardBody>
        <DetailList
          items={[
            {
              label: 'Código Prestador',
              value: config.codigoPrestador,
              mono: true,
              testId: 'codigo-prestador',
            },
            { label: 'Usuario Validador', value: config.userValidator },
            {
              label: 'Contraseña Validador',
              value: config.hasPasswordValidator ? (
                <span aria-label="Contraseña guardada">••••••••</span>
              ) : (
                'No configurada'
              ),
            },
            {
              label: 'Tipo de prestador',
              value: config.tipoPrestadorServicio
                ? `${config.tipoPrestadorServicio} - ${label(TIPOS_PRESTADOR, config.tipoPrestadorServicio)}`
                : '',
            },
            { label: 'Alcance', value: label(ALCANCES, config.tipoCaracter) },
            { label: 'Tipo de persona', value: persona ? TIPOS_PERSONA[persona] : '' },
            { label: 'Tipo de entidad', value: label(TIPOS_ENTIDAD, config.tipoEntidad) },
            { label: 'Teléfono', value: config.telefonoAdicional },
            { label: 'Nombre del representante legal', value: config.nombreRepresentanteLegal },
            {
              label: 'Fecha de radicación',
              value: config.fechaRadicacion ? formatDate(config.fechaRadicacion) : '',
            },
            {
              label: 'Fecha de vencimiento',
              value: config.fechaVencimiento ? formatDate(config.fechaVencimiento) : '',
            },
          ]}
        />
        {probar.isPending && (
          <p role="status" className="sr-only">
            {MSG_CUENTAS.probandoConexion}
          </p>
        )}
        {probar.isSuccess && (
          <Alert
            tone={probar.data.conectado ? 'success' : 'error'}
            className="mt-4"
          >
            {probar.data.mensaje}
          </Alert>
        )}
        {probar.isError && (
          <Alert tone="error" className="mt-4">
            {getErrorMessage(probar.error, MSG_CUENTAS.probarConexionNoDisponible)}
          </Alert>
        )}
      </CardBody>
    </Card>
  );
}
