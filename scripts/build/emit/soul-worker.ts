// A build worker thread: builds the souls it is sent, one at a time, and posts back each result
// and its write counts. The main thread reads the blobs (it holds the repository's pack in memory)
// and sends them with each task, so workers never open the repository: one copy of the pack in
// memory, and no per-object file reads.
import { parentPort, workerData } from 'node:worker_threads';
import { buildSoulOutputs } from './soul.ts';
import type { SoulTask } from './soul.ts';
import { createOutputWriter } from './writer.ts';

export interface SoulWorkerData {
  out: string;
  fresh: boolean;
  reviewsDir: string;
}

export type SoulWorkerRequest = { id: number; task: SoulTask };

const data = workerData as SoulWorkerData;
const out = createOutputWriter({ root: data.out, fresh: data.fresh });
const port = parentPort!;
let queue: Promise<void> = Promise.resolve();

port.on('message', (message: SoulWorkerRequest) => {
  queue = queue.then(async () => {
    const blobs = message.task.blobs ?? {};
    const readBlob = (oid: string): Promise<Uint8Array> => {
      const bytes = blobs[oid];
      return bytes ? Promise.resolve(bytes) : Promise.reject(new Error(`blob ${oid} was not sent with the task`));
    };
    try {
      const result = await buildSoulOutputs(message.task, { readBlob, out, reviewsDir: data.reviewsDir });
      port.postMessage({ id: message.id, result, stats: out.stats() });
    } catch (error) {
      const e = error as Error;
      port.postMessage({ id: message.id, error: `${e.message}\n${e.stack ?? ''}`, stats: out.stats() });
    }
  });
});
