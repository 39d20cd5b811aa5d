import { useMutation } from '@tanstack/react-query';
import { ZWompiCardToken, type TWompiCardToken, type TWompiCardTokenRequest } from '@radica/contracts/wompi';
import { gatewayData, gatewayRequest, type TGatewayConfig } from './gateway-client';

/**
 * Gateway `POST /tokens/cards` (Bearer public key) → the card token `tok_…` that create-sale carries instead of the
 * card. The card goes only here. Throws GatewayError (422 with the gateway's field messages).
 */
export async function createCardToken(
  config: TGatewayConfig,
  card: TWompiCardTokenRequest,
): Promise<TWompiCardToken> {
  const body = await gatewayRequest(config, '/tokens/cards', { method: 'POST', body: card, authorize: true });
  return ZWompiCardToken.parse(gatewayData(body));
}

export function useCreateCardToken() {
  return useMutation({
    mutationFn: ({ config, card }: { config: TGatewayConfig; card: TWompiCardTokenRequest }) =>
      createCardToken(config, card),
  });
}
