// Build progress: a redrawn bar with counts and rate on a terminal, plain lines in CI (at most
// one per 10% or 5 s of a phase), nothing when silenced. Written to stderr so stdout stays clean.

export type ProgressMode = 'auto' | 'tty' | 'plain' | 'none';

export interface Progress {
  /** Start a phase (ends the previous one); `total` unknown → counts without a bar. */
  phase(label: string, total?: number): void;
  /** Add `n` done items to the current phase. */
  tick(n?: number): void;
  /** Set done (and total) of the current phase. */
  update(done: number, total?: number): void;
  /** A line of its own (warnings, the summary), without breaking the bar. */
  log(line: string): void;
  /** End the current phase (prints its final line). */
  done(): void;
}

export interface ProgressOptions {
  mode?: ProgressMode;
  stream?: { write(text: string): unknown; isTTY?: boolean; columns?: number };
  env?: Readonly<Record<string, string | undefined>>;
  /** Clock in ms (injectable for tests). */
  now?: () => number;
}

/** Which mode `auto` means here: a bar on an interactive terminal outside CI, else plain lines. */
export function resolveProgressMode(mode: ProgressMode, isTTY: boolean, env: Readonly<Record<string, string | undefined>>): Exclude<ProgressMode, 'auto'> {
  if (mode !== 'auto') return mode;
  return isTTY && !env['CI'] && env['TERM'] !== 'dumb' ? 'tty' : 'plain';
}

function formatRate(perSecond: number): string {
  return perSecond >= 100 ? `${Math.round(perSecond)}/s` : `${perSecond.toFixed(1)}/s`;
}

/** 12345 → '12,345' (toLocaleString is slow on its first calls). */
function formatCount(n: number): string {
  const digits = String(Math.trunc(n));
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0 && digits[i - 1] !== '-') out += ',';
    out += digits[i];
  }
  return out;
}

/**
 * A progress reporter for the build.
 *
 * @example
 * const p = createProgress({ mode: 'plain' });
 * p.phase('scan', 500); p.tick(); p.done();
 */
export function createProgress(options: ProgressOptions = {}): Progress {
  const stream = options.stream ?? process.stderr;
  const env = options.env ?? process.env;
  const now = options.now ?? (() => performance.now());
  const mode = resolveProgressMode(options.mode ?? 'auto', stream.isTTY === true, env);
  let label = '';
  let total: number | undefined;
  let count = 0;
  let started = 0;
  let lastDraw = -Infinity;
  let lastPlainShare = -1;
  let active = false;
  let drawn = false;

  const line = (final: boolean): string => {
    const elapsed = Math.max(1e-3, (now() - started) / 1000);
    const rate = formatRate(count / elapsed);
    if (total === undefined || total <= 0) return `${label}: ${formatCount(count)} (${rate})${final ? ` in ${elapsed.toFixed(1)} s` : ''}`;
    const share = Math.min(1, count / total);
    const pct = `${Math.floor(share * 100)}%`.padStart(4);
    if (mode === 'tty' && !final) {
      const width = 24;
      const filled = Math.round(share * width);
      const eta = share > 0 ? Math.max(0, (elapsed / share) * (1 - share)) : 0;
      return `${label} [${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${pct} ${formatCount(count)}/${formatCount(total)} ${rate} eta ${eta.toFixed(0)} s`;
    }
    return `${label}: ${formatCount(count)}/${formatCount(total)} ${pct.trim()} (${rate})${final ? ` in ${elapsed.toFixed(1)} s` : ''}`;
  };

  const clear = (): void => {
    if (mode === 'tty' && drawn) {
      stream.write('\r\x1b[2K');
      drawn = false;
    }
  };

  const draw = (force = false): void => {
    if (mode === 'none' || !active) return;
    const t = now();
    if (mode === 'tty') {
      if (!force && t - lastDraw < 100) return;
      lastDraw = t;
      const text = line(false);
      const columns = stream.columns ?? 100;
      stream.write(`\r\x1b[2K${text.length > columns - 1 ? text.slice(0, columns - 1) : text}`);
      drawn = true;
      return;
    }
    // plain: a line per 10% (or every 5 s when the total is unknown)
    const share = total ? Math.floor((count / total) * 10) : -1;
    if (force || (total ? share > lastPlainShare : t - lastDraw >= 5000)) {
      if (total && share >= 10) return; // the final line comes from done()
      lastPlainShare = share;
      lastDraw = t;
      stream.write(`${line(false)}\n`);
    }
  };

  const finish = (): void => {
    if (!active) return;
    active = false;
    if (mode === 'none') return;
    clear();
    stream.write(`${line(true)}\n`);
  };

  return {
    phase(newLabel, newTotal) {
      finish();
      label = newLabel;
      total = newTotal;
      count = 0;
      started = now();
      lastDraw = mode === 'plain' ? now() : -Infinity;
      lastPlainShare = 0;
      active = true;
      if (mode === 'tty') draw(true);
    },
    tick(n = 1) {
      count += n;
      draw();
    },
    update(done, newTotal) {
      count = done;
      if (newTotal !== undefined) total = newTotal;
      draw();
    },
    log(text) {
      if (mode === 'none') return;
      clear();
      stream.write(`${text}\n`);
      if (active && mode === 'tty') draw(true);
    },
    done: finish,
  };
}
