// The Power Automate / Teams workflow webhook signature ("sig=" and 30 or more URL characters) is
// read by a loop instead of a regex; it must end where `sig=[A-Za-z0-9%_-]{30,}` ended. The
// signatures are built at run time from a seeded generator, so the repository holds no live URL.
import { describe, expect, it } from 'vitest';
import { scanSecrets } from '../../../scripts/core/scan/rules/secrets.ts';
import type { Emission } from '../../../scripts/core/scan/types.ts';
import { generator } from '../../helpers/random.ts';

const CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

function signature(rand: () => number, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += CHARS[Math.floor(rand() * CHARS.length)]!;
  return out;
}

function flowUrl(sig: string): string {
  return `POST https://prod-12.westus.logic.azure.com:443/workflows/0a1b2c/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=${sig}`;
}

function fires(text: string): boolean {
  const out: Emission[] = [];
  scanSecrets(text, 'SOUL.md', (e) => out.push(e));
  return out.some((e) => e.code === 'SEC141');
}

describe('workflow webhook signatures', () => {
  const rand = generator(41);
  const sig = `${signature(rand, 20)}7x${signature(rand, 21)}`;

  it('reports a signature of 30 or more URL characters, wherever it ends', () => {
    expect(fires(flowUrl(sig))).toBe(true);
    expect(fires(`${flowUrl(sig)}&x=1`)).toBe(true);
    expect(fires(`${flowUrl(sig)}é`)).toBe(true);
    expect(fires(flowUrl(`${sig.slice(0, 28)}%2F`))).toBe(true);
  });

  it('ignores a signature shorter than 30 characters, or cut by a character outside the set', () => {
    expect(fires(flowUrl(sig.slice(0, 29)))).toBe(false);
    expect(fires(flowUrl(`${sig.slice(0, 20)}.${sig.slice(20)}`))).toBe(false);
    expect(fires(flowUrl(`${sig.slice(0, 20)}é${sig.slice(20)}`))).toBe(false);
  });
});
