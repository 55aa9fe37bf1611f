import { ServiceError } from '../dispatcher';
import type { BackofficeDeps, BackofficeHandlers } from './handlers';

// Placeholder while issue 17 is built: replaced by the concern's real handlers.
const notYet = (name: string) => async (): Promise<never> => {
  throw new ServiceError({ kind: 'internal', code: 'internal', params: { operation: name }, detail: `${name}: not built yet` });
};

export function chainHandlers(_deps: BackofficeDeps): Pick<BackofficeHandlers, 'syncChain'> {
  return {
    syncChain: notYet('syncChain'),
  };
}
