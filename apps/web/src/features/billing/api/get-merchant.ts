import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZWompiMerchant, type TWompiMerchant } from '@radica/contracts/wompi';
import { gatewayData, gatewayRequest, type TGatewayConfig } from './gateway-client';

/**
 * Gateway `GET /merchants/{publicKey}` → the merchant with its two presigned acceptances (usage rules and personal
 * data authorization), whose tokens the buyer accepts before paying. Throws GatewayError.
 */
export async function getMerchant(config: TGatewayConfig, signal?: AbortSignal): Promise<TWompiMerchant> {
  const body = await gatewayRequest(config, `/merchants/${encodeURIComponent(config.publicKey)}`, { signal });
  return ZWompiMerchant.parse(gatewayData(body));
}

export const merchantQuery = (config: TGatewayConfig | undefined) =>
  queryOptions({
    queryKey: ['wompi-merchant', config?.baseUrl ?? null, config?.publicKey ?? null] as const,
    queryFn: ({ signal }) => getMerchant(config!, signal),
    enabled: !!config,
    staleTime: 10 * 60_000,
  });

export function useMerchant(config: TGatewayConfig | undefined) {
  return useQuery(merchantQuery(config));
}
