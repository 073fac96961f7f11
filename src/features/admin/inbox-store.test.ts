import { describe, expect, it } from 'vitest';
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
