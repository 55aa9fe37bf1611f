// Helpers shared by the sandbox tests (not used by the app).
import { DEMO_ACCOUNT } from './seed';

/** Headers of the demo account (spec §5). */
export function demoHeaders(tenant: string = DEMO_ACCOUNT.tenant): Record<string, string> {
  return {
    tenant,
    Authorization: `Bearer ${DEMO_ACCOUNT.accessToken}`,
    'client-token': DEMO_ACCOUNT.integratorToken,
  };
}
