import { ServiceError } from './dispatcher';
import { GatewayError } from '../gateway';

/**
 * Runs a vendor call for a bridge operation: a gateway failure becomes the coded ServiceError the
 * renderer words (kind + code + params + detail); anything else goes on as it came.
 */
export async function explainedGatewayCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof GatewayError) throw new ServiceError(error.toBridgeError());
    throw error;
  }
}
