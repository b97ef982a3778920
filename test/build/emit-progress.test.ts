import { describe, expect, it } from 'vitest';
import { createProgress, resolveProgressMode } from '../../scripts/build/progress.ts';

function sink(isTTY = false) {
  const chunks: string[] = [];
  return { chunks, stream: { write: (t: string) => chunks.push(t), isTTY, columns: 200 } };
}

describe('progress', () => {
  it('chooses a bar on a terminal and plain lines in CI', () => {
    expect(resolveProgressMode('auto', true, {})).toBe('tty');
    expect(resolveProgressMode('auto', true, { CI: 'true' })).toBe('plain');
    expect(resolveProgressMode('auto', false, {})).toBe('plain');
    expect(resolveProgressMode('none', true, {})).toBe('none');
  });

  it('prints one plain line per tenth and a final line with the time', () => {
    let t = 0;
    const { chunks, stream } = sink();
    const p = createProgress({ mode: 'plain', stream, now: () => t });
    p.phase('souls', 100);
    for (let i = 0; i < 100; i++) {
      t += 10;
      p.tick();
    }
    p.done();
    expect(chunks).toHaveLength(10);
    expect(chunks[0]).toBe('souls: 10/100 10% (100/s)\n');
    expect(chunks[9]).toBe('souls: 100/100 100% (100/s) in 1.0 s\n');
  });

  it('redraws one terminal line with a bar, counts and rate', () => {
    let t = 0;
    const { chunks, stream } = sink(true);
    const p = createProgress({ mode: 'tty', stream, now: () => t });
    p.phase('scan', 4);
    t = 1000;
    p.tick(2);
    expect(chunks.at(-1)).toBe(`\r\x1b[2Kscan [${'█'.repeat(12)}${'░'.repeat(12)}]  50% 2/4 2.0/s eta 1 s`);
    p.done();
    expect(chunks.at(-1)).toBe('scan: 2/4 50% (2.0/s) in 1.0 s\n');
  });

  it('prints nothing when silenced', () => {
    const { chunks, stream } = sink(true);
    const p = createProgress({ mode: 'none', stream });
    p.phase('x', 2);
    p.tick();
    p.log('hello');
    p.done();
    expect(chunks).toEqual([]);
  });
});
