/**
 * Lists loaded by filter keep only their latest answer: each load starts a new turn, and an answer that
 * comes back after a newer load started is dropped, so a slow answer to an older filter never draws its
 * rows over a newer filter's. One way for every such list (the journal, the clients, the inbox, the
 * tickets). « Afficher plus » belongs to the load under way: a filter changed meanwhile drops its page too.
 */
export interface LatestAnswer {
  /** Starts a new load; the function it returns says whether that load is still the latest. */
  start(): () => boolean;
  /** For a follow-up of the load under way (« Afficher plus »): whether no newer load has started since. */
  current(): () => boolean;
}

export function latestAnswer(): LatestAnswer {
  let turn = 0;
  return {
    start() {
      const mine = ++turn;
      return () => mine === turn;
    },
    current() {
      const mine = turn;
      return () => mine === turn;
    },
  };
}
