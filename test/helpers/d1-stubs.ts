// A D1 binding reached through miniflare's proxy (`mf.getD1Database`), made safe to call in
// parallel. The proxy's statements are stubs of objects in workerd. Once Node collects a stub, the
// proxy frees its object, and that free can reach workerd before a call still naming the object (a
// statement passed to `batch`, or the one `bind` was called on): the proxy worker then fails an
// assertion ("false == true" from proxy.worker.ts). Seen once in a full test run under load, then
// reproduced with a forced GC every millisecond during rounds of 100 parallel writes: 3 of 60
// rounds failed (all while other processes loaded the machine), none of 60 with the stubs held.
// So every stub handed out is held until `release`.
import type { D1Like, D1StatementLike } from '../../api-worker/src/state/d1-db.ts';

interface HeldStatement extends D1StatementLike {
  readonly stub: D1StatementLike;
}

/** The binding with every statement stub it hands out held until `release()` (call it when no call is in flight). */
export function holdingStubs(binding: D1Like): { d1: D1Like; release(): void } {
  const held: D1StatementLike[] = [];
  const hold = (stub: D1StatementLike): HeldStatement => {
    held.push(stub);
    return { stub, bind: (...values) => hold(stub.bind(...values)), all: () => stub.all(), first: () => stub.first(), run: () => stub.run() };
  };
  return {
    d1: {
      prepare: (sql) => hold(binding.prepare(sql)),
      batch: (statements) => binding.batch(statements.map((s) => (s as HeldStatement).stub)),
    },
    release: () => {
      held.length = 0;
    },
  };
}
