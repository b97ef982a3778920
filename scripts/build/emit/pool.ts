// A pool of build worker threads (one per core by default): souls are dealt to the least busy
// worker, two in flight per worker so none waits for the next message.
import { Worker } from 'node:worker_threads';
import type { SoulTask, SoulTaskResult } from './soul.ts';
import type { SoulWorkerData } from './soul-worker.ts';
import type { WriteStats } from './writer.ts';

interface Pending {
  resolve(result: SoulTaskResult): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  inFlight: number;
  stats: WriteStats;
  pending: Map<number, Pending>;
}

export interface SoulPool {
  /** Number of workers. */
  readonly size: number;
  run(task: SoulTask): Promise<SoulTaskResult>;
  /** Write counts summed over the workers. */
  stats(): WriteStats;
  close(): Promise<void>;
}

const IN_FLIGHT = 2;

/** Start `size` workers. */
export function createSoulPool(size: number, data: SoulWorkerData): SoulPool {
  const slots: Slot[] = [];
  const waiting: { task: SoulTask; pending: Pending }[] = [];
  let nextId = 1;
  let failure: Error | null = null;

  const dispatch = (): void => {
    while (waiting.length > 0) {
      let best: Slot | null = null;
      for (const s of slots) if (s.inFlight < IN_FLIGHT && (!best || s.inFlight < best.inFlight)) best = s;
      if (!best) return;
      const { task, pending } = waiting.shift()!;
      const id = nextId++;
      best.inFlight++;
      best.pending.set(id, pending);
      best.worker.postMessage({ id, task });
    }
  };

  for (let i = 0; i < size; i++) {
    const worker = new Worker(new URL('./soul-worker.ts', import.meta.url), { workerData: data });
    const slot: Slot = { worker, inFlight: 0, stats: { written: 0, unchanged: 0, bytesWritten: 0 }, pending: new Map() };
    worker.on('message', (message: { id: number; result?: SoulTaskResult; error?: string; stats: WriteStats }) => {
      const pending = slot.pending.get(message.id);
      slot.pending.delete(message.id);
      slot.inFlight--;
      slot.stats = message.stats;
      if (message.error !== undefined) pending?.reject(new Error(`build worker failed: ${message.error}`));
      else pending?.resolve(message.result!);
      dispatch();
    });
    worker.on('error', (error) => {
      failure = error;
      for (const p of slot.pending.values()) p.reject(error);
      slot.pending.clear();
    });
    slots.push(slot);
  }

  return {
    size,
    run(task) {
      if (failure) return Promise.reject(failure);
      return new Promise<SoulTaskResult>((resolve, reject) => {
        waiting.push({ task, pending: { resolve, reject } });
        dispatch();
      });
    },
    stats() {
      const total: WriteStats = { written: 0, unchanged: 0, bytesWritten: 0 };
      for (const s of slots) {
        total.written += s.stats.written;
        total.unchanged += s.stats.unchanged;
        total.bytesWritten += s.stats.bytesWritten;
      }
      return total;
    },
    async close() {
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}
