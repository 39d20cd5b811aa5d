import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CREAR_NOTA_FORM,
  PROPUESTA_NOTA_FORM,
  type TNotaData,
  type TNotaServicio,
  type TPropuestaNotaData,
  type TTipoNota,
} from '@radica/contracts/notas';
import { apiCall, routes } from '../../../lib/api-client';

/**
 * The notes built from an invoice (docs/decisions/051): the invoice's services, the proposal from a note's XML, and the
 * note itself. Errors carry the API's code and Spanish message (NOTA_NO_CORRESPONDE, NOTA_SERVICIOS_INVALIDOS…).
 */

/** GET /api/FevRips/{id}/servicios: the approved invoice and its services (409/422 when no note can be built on it). */
export const serviciosFacturaQuery = (id: number) =>
  queryOptions({
    queryKey: ['documents', 'servicios', id] as const,
    queryFn: async ({ signal }) =>
      (await apiCall(routes.documentos.serviciosFactura, { params: { id } }, { signal })).data,
    retry: false,
  });
export const useServiciosFactura = (id: number) => useQuery(serviciosFacturaQuery(id));

/** POST /api/FevRips/{id}/notas/propuesta: the note's XML read and checked against the invoice, and the proposal. */
export async function proponerNota(
  id: number,
  input: { tipo: TTipoNota; xml: File },
): Promise<TPropuestaNotaData> {
  const form = new FormData();
  form.append('tipo', input.tipo);
  form.append(PROPUESTA_NOTA_FORM.file, input.xml, input.xml.name);
  return (
    await apiCall(routes.documentos.propuestaNota, { params: { id }, body: form })
  ).data;
}
export const useProponerNota = (id: number) =>
  useMutation({ mutationFn: (input: { tipo: TTipoNota; xml: File }) => proponerNota(id, input) });

/**
 * POST /api/FevRips/{id}/notas: the note with its XML and services. The page asks for `borrador` (the note's RIPS opens
 * in the RIPS editor) except for a total credit note or an adjustment note without XML, filed at once as documents.
 */
export async function crearNota(
  id: number,
  input: {
    tipo: TTipoNota;
    xml: File | null;
    servicios: TNotaServicio[];
    numNota?: string;
    destino: 'documento' | 'borrador';
  },
): Promise<TNotaData> {
  const form = new FormData();
  // Fields before the file, so a streaming parser has them when the file arrives.
  form.append('tipo', input.tipo);
  form.append('destino', input.destino);
  if (input.tipo !== 'NCTotal') form.append('servicios', JSON.stringify(input.servicios));
  if (input.numNota) form.append('numNota', input.numNota);
  if (input.xml) form.append(CREAR_NOTA_FORM.file, input.xml, input.xml.name);
  return (await apiCall(routes.documentos.crearNota, { params: { id }, body: form })).data;
}
export function useCrearNota(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: Parameters<typeof crearNota>[1]) => crearNota(id, input),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['documents'] }),
        qc.invalidateQueries({ queryKey: ['rips'] }),
      ]),
  });
}
