import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PSE_BANCOS_RESPALDO } from '@radica/contracts/payments';
import { ZWompiFinancialInstitution, type TWompiFinancialInstitution } from '@radica/contracts/wompi';
import { gatewayData, gatewayRequest, type TGatewayConfig } from './gateway-client';

export type TPseInstitutions = { institutions: TWompiFinancialInstitution[]; isFallback: boolean };

const FALLBACK: TPseInstitutions = { institutions: [...PSE_BANCOS_RESPALDO], isFallback: true };

/**
 * Gateway `GET /pse/financial_institutions` (Bearer public key) → the banks, without the gateway's '0' placeholder
 * row. Never throws: when the call fails or the list is empty, the seed's four hard-coded banks (seed 002 §3).
 */
export async function getPseInstitutions(
  config: TGatewayConfig,
  signal?: AbortSignal,
): Promise<TPseInstitutions> {
  try {
    const body = await gatewayRequest(config, '/pse/financial_institutions', { authorize: true, signal });
    const list = z.array(ZWompiFinancialInstitution).parse(gatewayData(body));
    const institutions = list.filter((i) => i.financial_institution_code !== '0');
    return institutions.length > 0 ? { institutions, isFallback: false } : FALLBACK;
  } catch (error) {
    if (signal?.aborted) throw error;
    return FALLBACK;
  }
}

export const pseInstitutionsQuery = (config: TGatewayConfig | undefined) =>
  queryOptions({
    queryKey: ['wompi-pse-institutions', config?.baseUrl ?? null, config?.publicKey ?? null] as const,
    queryFn: ({ signal }) => getPseInstitutions(config!, signal),
    enabled: !!config,
    staleTime: 30 * 60_000,
  });

export function usePseInstitutions(config: TGatewayConfig | undefined, enabled = true) {
  return useQuery({ ...pseInstitutionsQuery(config), enabled: !!config && enabled });
}
