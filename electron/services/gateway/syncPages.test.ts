import { describe, expect, it } from 'vitest';
import type { SyncPage } from '../../../shared/bridge';
import { fetchSyncPages, type SyncPageInput } from './syncPages';

const pageOf = (input: SyncPageInput): SyncPage => ({ records: [{ id: input.page }], page: input.page, lastPage: 9, total: 9 });

/** A gateway whose pages answer when the test says so, failing where it says so. */
function slowGateway(failing: ReadonlyMap<number, Error>) {
  const settled: number[] = [];
  const release = new Map<number, () => void>();
  return {
    settled,
    release: (page: number) => release.get(page)!(),
    gateway: {
      fetchSyncPage: (input: SyncPageInput) =>
        new Promise<SyncPage>((resolve, reject) => {
          release.set(input.page, () => {
            settled.push(input.page);
            const error = failing.get(input.page);
            if (error) reject(error);
            else resolve(pageOf(input));
          });
        }),
    },
  };
}

describe('fetchSyncPages (the bridge operation)', () => {
  it('answers every page in the order asked, whatever order they arrive in', async () => {
    const { gateway, release } = slowGateway(new Map());
    const answer = fetchSyncPages(
      gateway,
      [3, 1, 2].map((page) => ({ resource: 'items' as const, page })),
    );
    for (const page of [2, 3, 1]) release(page);
    expect((await answer).map((page) => page.page)).toEqual([3, 1, 2]);
  });

  it('fails with the first failure in the order asked, only once every page has settled', async () => {
    const first = new Error('page 2 failed');
    const { gateway, release, settled } = slowGateway(
      new Map([
        [2, first],
        [3, new Error('page 3 failed')],
      ]),
    );
    let outcome: unknown = null;
    const answer = fetchSyncPages(
      gateway,
      [1, 2, 3, 4].map((page) => ({ resource: 'items' as const, page })),
    ).catch((error: unknown) => (outcome = error));
    release(3);
    release(2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Page 1 and 4 are still running: no answer yet, so no request outlives the call.
    expect(outcome).toBeNull();
    release(4);
    release(1);
    await answer;
    expect(outcome).toBe(first);
    expect(settled).toEqual([3, 2, 4, 1]);
  });
});
