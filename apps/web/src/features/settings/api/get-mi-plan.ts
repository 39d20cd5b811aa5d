import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZMiPlan, type TMiPlan } from '@radica/contracts/payments';
import { apiCall, routes } from '../../../lib/api-client';

/** The query key of the company's plan; a purchase changes it (the success page refreshes 'productos-comprados'). */
export const MI_PLAN_QUERY_KEY = ['mi-plan'] as const;

/**
 * GET /api/payment/mi-plan (administrators): the company's plan, its modules with until when they run, and
 * its payments newest first. Throws HttpError.
 */
export async function getMiPlan(signal?: AbortSignal): Promise<TMiPlan> {
  const envelope = await apiCall(routes.pagos.miPlan, {}, { signal });
  return ZMiPlan.parse(envelope.data);
}

export const miPlanQuery = () => queryOptions({ queryKey: MI_PLAN_QUERY_KEY, queryFn: ({ signal }) => getMiPlan(signal), staleTime: 0 });

export function useMiPlan() {
  return useQuery(miPlanQuery());
}
