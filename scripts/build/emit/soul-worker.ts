// A build worker thread: opens its own reader of the repository and writer of the output, then
// builds the souls it is sent, one at a time, and posts back each result and its write counts.
import { parentPort, workerData } from 'node:worker_threads';
import { createGitReader } from '../git/reader.ts';
import { buildSoulOutputs } from './soul.ts';
import type { SoulTask } from './soul.ts';
import { createOutputWriter } from './writer.ts';

export interface SoulWorkerData {
  gitdir: string;
  out: string;
  fresh: boolean;
  reviewsDir: string;
  /** Byte budget of the reader's object cache. */
  cacheBytes: number;
  /** Packs up to this size are read into memory (0: read per object, to keep workers small). */
  maxInMemoryPackBytes: number;
}

export type SoulWorkerRequest = { id: number; task: SoulTask };

const data = workerData as SoulWorkerData;
const reader = createGitReader({ gitdir: data.gitdir, cacheBytes: data.cacheBytes, maxInMemoryPackBytes: data.maxInMemoryPackBytes });
const out = createOutputWriter({ root: data.out, fresh: data.fresh });
const port = parentPort!;
let queue: Promise<void> = Promise.resolve();

port.on('message', (message: SoulWorkerRequest) => {
  queue = queue.then(async () => {
    try {
      const result = await buildSoulOutputs(message.task, { readBlob: (oid) => reader.readBlob(oid), out, reviewsDir: data.reviewsDir });
      port.postMessage({ id: message.id, result, stats: out.stats() });
    } catch (error) {
      const e = error as Error;
      port.postMessage({ id: message.id, error: `${e.message}\n${e.stack ?? ''}`, stats: out.stats() });
    }
  });
});
