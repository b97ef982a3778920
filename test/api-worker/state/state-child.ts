// A child process for the crash and multi-process tests of the node:sqlite driver: it writes through
// the state store, prints what was acknowledged, and either exits or waits to be killed.
import { createSqliteDb } from '../../../api-worker/src/state/sqlite-db.ts';
import { createStateStore } from '../../../api-worker/src/state/sql-store.ts';

const [dbPath = '', mode = '', ...args] = process.argv.slice(2);
const db = createSqliteDb(dbPath);
const store = createStateStore(db, { now: () => Date.UTC(2025, 0, 15) });
await store.migrate();

if (mode === 'write-then-hang') {
  const seq = await store.enqueuePublish({
    owner: 'acme',
    name: 'tutor',
    version: '1.0.0',
    actor: 'ada',
    message: 'publish',
    changes: [{ path: 'souls/acme/tutor/logo.bin', content: new Uint8Array([0, 0xff, 0xc3, 0x28, 0x80]) }],
  });
  const { token } = await store.createToken({ username: 'ada', prefix: 'cs_' });
  await store.createReview({ id: 'rev-1', owner: 'acme', name: 'tutor', parentId: null, author: 'bob', rating: 4, body: 'ok', likes: 0, createdAt: 'x', updatedAt: 'x' });
  // Acknowledged: from here on the parent may kill this process at any moment.
  process.stdout.write(JSON.stringify({ seq, token }) + '\n');
  setInterval(() => undefined, 1000);
} else if (mode === 'scan') {
  const [keyId = '', count = '0'] = args;
  const results = await Promise.all(Array.from({ length: Number(count) }, () => store.consumeScan(keyId, '2025-01')));
  process.stdout.write(JSON.stringify({ ok: results.filter((r) => r.ok).length }) + '\n');
  db.close();
} else {
  process.stderr.write(`unknown mode ${mode}\n`);
  process.exit(2);
}
