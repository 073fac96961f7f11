import { describe, expect, it, vi } from 'vitest';
import { INBOX_LOAD_TIMEOUT_MS } from '../../lib/constants';
import { NETWORK_ERROR, SLOW_SERVER_ERROR } from '../../lib/phrases';
import { fetchPage } from './api';
import type { RequestPage, RequestSummary } from '../contact/request';
import type { PageQuery, Result } from './api';
import { createInboxStore } from './inbox-store';
import { DEFAULT_VIEW } from './url-state';

const page = (ids: string[], nextCursor: string | null = null): RequestPage => ({
  data: ids.map((id) => ({ id }) as RequestSummary),
  counts: { total: ids.length, nouveau: 0, en_cours: 0, traite: 0, archive: 0 },
  nextCursor,
});

/** Server calls answered by hand, in any order. */
function heldCalls() {
  const waiting: { query: PageQuery; answer: (result: Result<RequestPage>) => void }[] = [];
  const held = (query: PageQuery) => {
    const { promise, resolve } = Promise.withResolvers<Result<RequestPage>>();
    waiting.push({ query, answer: resolve });
    return promise;
  };
  return { waiting, calls: { fetchPages: (query: PageQuery) => held(query), fetchPage: held, failure: () => 'refusé' } };
}

describe('the inbox store', () => {
  it('drops the answer of a load that a newer load overtook', async () => {
    const { waiting, calls } = heldCalls();
    const store = createInboxStore(calls);
    const first = store.load({ ...DEFAULT_VIEW, statut: 'nouveau' });
    const second = store.load({ ...DEFAULT_VIEW, statut: 'traite' });
    waiting[1]!.answer({ ok: true, value: page(['traite-1']) });
    await second;
    waiting[0]!.answer({ ok: true, value: page(['nouveau-1']) });
    await first;
    const { list, shown } = store.$state.get();
    expect(list.phase === 'ready' && list.page.data.map((r) => r.id)).toEqual(['traite-1']);
    expect(shown?.statut).toBe('traite');
  });

  it('« Afficher plus » answered after another filter was chosen adds nothing to the new list', async () => {
    const { waiting, calls } = heldCalls();
    const store = createInboxStore(calls);
    const loaded = store.load(DEFAULT_VIEW);
    waiting[0]!.answer({ ok: true, value: page(['a'], 'cursor-1') });
    await loaded;
    const more = store.more(DEFAULT_VIEW);
    const other = store.load({ ...DEFAULT_VIEW, statut: 'archive' });
    waiting[2]!.answer({ ok: true, value: page(['archive-1']) });
    await other;
    waiting[1]!.answer({ ok: true, value: page(['b']) });
    expect(await more).toBeUndefined();
    const { list } = store.$state.get();
    expect(list.phase === 'ready' && list.page.data.map((r) => r.id)).toEqual(['archive-1']);
  });

  it('does not load again a list already on screen, and keeps it on screen while reloading', async () => {
    const { waiting, calls } = heldCalls();
    const store = createInboxStore(calls);
    const loaded = store.load(DEFAULT_VIEW);
    waiting[0]!.answer({ ok: true, value: page(['a']) });
    await loaded;
    await store.load({ ...DEFAULT_VIEW, demande: 'a' });
    expect(waiting).toHaveLength(1);
    const reload = store.load(DEFAULT_VIEW, { keep: true, force: true });
    expect(store.$state.get().list.phase).toBe('ready');
    waiting[1]!.answer({ ok: false, unauthorized: false, status: 500, message: 'panne' });
    await reload;
    expect(store.$state.get().list).toEqual({ phase: 'failed', message: 'refusé' });
  });
});

describe('« Afficher plus »', () => {
  it('appends the next page to the list on screen and says how many pages it now shows', async () => {
    const { waiting, calls } = heldCalls();
    const store = createInboxStore(calls);
    const loaded = store.load(DEFAULT_VIEW);
    waiting[0]!.answer({ ok: true, value: page(['a', 'b'], 'cursor-1') });
    await loaded;
    const more = store.more(DEFAULT_VIEW);
    expect(store.$state.get().loadingMore).toBe(true);
    expect(waiting[1]!.query.cursor).toBe('cursor-1');
    waiting[1]!.answer({ ok: true, value: page(['c']) });
    expect(await more).toEqual({ page: 2 });
    const { list, loadingMore, shown } = store.$state.get();
    expect(list.phase === 'ready' && list.page.data.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(loadingMore).toBe(false);
    expect(shown?.page).toBe(2);
    // The view then says page 2: that list is on screen already, nothing is loaded again.
    await store.load({ ...DEFAULT_VIEW, page: 2 });
    expect(waiting).toHaveLength(2);
  });
});

describe('a list load always ends', () => {
  it('in a French error when the call throws instead of answering, for a load and for « Afficher plus »', async () => {
    let fail = false;
    const store = createInboxStore({
      fetchPages: async () => {
        if (fail) throw new TypeError('Failed to fetch');
        return { ok: true, value: page(['a'], 'cursor-1') };
      },
      fetchPage: async () => {
        throw new TypeError('Failed to fetch');
      },
      failure: (result) => result.message,
    });
    await store.load(DEFAULT_VIEW);
    expect(await store.more(DEFAULT_VIEW)).toEqual({ error: NETWORK_ERROR });
    expect(store.$state.get().loadingMore).toBe(false);
    fail = true;
    await store.load({ ...DEFAULT_VIEW, statut: 'archive' });
    expect(store.$state.get().list).toEqual({ phase: 'failed', message: NETWORK_ERROR });
  });

  it('in a French error when the list does not come within its time limit', async () => {
    // The limit's signal, run out by hand (AbortSignal.timeout's own clock is not the test's).
    const limit = new AbortController();
    const timeout = vi.spyOn(AbortSignal, 'timeout').mockReturnValue(limit.signal);
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation((_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))));
    try {
      const answer = fetchPage('jeton', { statut: '', q: '' });
      expect(timeout).toHaveBeenCalledWith(INBOX_LOAD_TIMEOUT_MS);
      limit.abort(new DOMException('signal timed out', 'TimeoutError'));
      expect(await answer).toMatchObject({ ok: false, message: SLOW_SERVER_ERROR });
    } finally {
      timeout.mockRestore();
      fetchMock.mockRestore();
    }
  });
});
