/**
 * A state machine's allowed moves, written once: for each state, the states it may move to. A state
 * listing itself may be written again (a job that runs twice records the same answer).
 */
export type Moves<S extends string> = { readonly [From in S]: readonly S[] };

/** The states the table lets `To` be entered from: the type of a transition's `from`. */
export type EntriesOf<M extends Moves<string>, To extends string> = {
  [From in keyof M]: To extends M[From][number] ? From : never;
}[keyof M];

/** Whether the table allows moving from `from` to `to`. */
export function canMove<S extends string>(moves: Moves<S>, from: S, to: S): boolean {
  return moves[from].includes(to);
}

/** Every state the table lets `to` be entered from. */
export function entriesOf<M extends Moves<string>, To extends string>(moves: M, to: To): EntriesOf<M, To>[] {
  return (Object.keys(moves) as (keyof M & string)[]).filter((from) =>
    moves[from]!.includes(to),
  ) as EntriesOf<M, To>[];
}

/**
 * The previous states a transition may match: the caller's, which must all be allowed by the table (a
 * caller may narrow the table's entries, never widen them), or else every entry the table allows.
 */
export function fromStates<M extends Moves<string>, To extends string>(
  machine: string,
  moves: M,
  to: To,
  from?: readonly EntriesOf<M, To>[],
): EntriesOf<M, To>[] {
  const allowed = entriesOf(moves, to);
  if (!from) return allowed;
  for (const state of from) {
    if (!allowed.includes(state))
      throw new Error(`${machine}: ${String(state)} → ${to} is not an allowed move`);
  }
  return [...from];
}
