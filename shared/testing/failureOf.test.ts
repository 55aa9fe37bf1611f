import { describe, expect, it } from 'vitest';
import { failureOf } from './failureOf.testing';

class ParkingError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

describe('failureOf', () => {
  it('returns the rejection when it is of the asked kind', async () => {
    const failure = await failureOf(Promise.reject(new ParkingError('full')), ParkingError);
    expect(failure.code).toBe('full');
  });

  it('re-throws a rejection of another kind as it is', async () => {
    const other = new TypeError('not a parking error');
    await expect(failureOf(Promise.reject(other), ParkingError)).rejects.toBe(other);
  });

  it('fails, naming the kind and the value, when the work succeeds', async () => {
    await expect(failureOf(Promise.resolve({ spaces: 3 }), ParkingError)).rejects.toThrow('expected a ParkingError, got {"spaces":3}');
  });
});
