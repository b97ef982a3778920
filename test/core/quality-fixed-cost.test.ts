// Fast paths of the per-package checks (quality, consistency, the engine) against the plain
// behaviour they replace.
import { describe, expect, it } from 'vitest';
import { createScanContext } from '../../scripts/core/index.ts';
import { contentLength, formatCount, quality } from '../../scripts/core/scan/rules/quality.ts';
import { consistency, declaredIdentityName, introducedName, namesAgree } from '../../scripts/core/scan/rules/consistency.ts';
import type { Emission } from '../../scripts/core/scan/types.ts';
import { generator, randomText } from '../helpers/random.ts';

/** The quality findings of a package of one persona file. */
function qualityOf(raw: string): Emission[] {
  const out: Emission[] = [];
  quality.check(createScanContext({ 'SOUL.md': raw }), (e) => out.push(e));
  return out;
}

describe('fast path: quality counts a persona only as far as 500 characters unless it has no headings', () => {
  it('reports length and no-headings advice from the whole content length, around every threshold', () => {
    const rand = generator(8);
    const spaces = [' ', '  ', '\n', '\t \n', '\u00a0', '\u3000'];
    const words = ['word', 'é', '🙂', 'x', 'longerword'];
    for (let i = 0; i < 400; i++) {
      // a content length near 200, 500 or 1,500, with and without a heading
      const target = [200, 500, 1500][i % 3]! + Math.floor(rand() * 9) - 4;
      let raw = randomText(rand, spaces, 3);
      while (contentLength(raw) < target) raw += words[Math.floor(rand() * words.length)]! + spaces[Math.floor(rand() * spaces.length)]!;
      if (i % 4 === 0) raw = `## Notes\n\n${raw}`;
      const content = contentLength(raw);
      const out = qualityOf(raw);
      const codes = out.map((e) => e.code);
      expect(codes.includes('QUALITY001'), `${content}`).toBe(content < 200);
      expect(codes.includes('QUALITY002'), `${content}`).toBe(content >= 200 && content < 500);
      const length = out.find((e) => e.code === 'QUALITY001' || e.code === 'QUALITY002');
      if (length) expect(length.message).toContain(`${formatCount(content)} characters of content`);
      const advice = out.find((e) => e.code === 'QUALITY008')?.message ?? '';
      expect(advice.includes('it has no headings'), `${content}`).toBe(content >= 200 && content > 1500 && !raw.startsWith('##'));
    }
  });
});

/** The capitalised words the alphabet below can make that NOT_NAMES holds, lower-cased. */
const REFERENCE_NOT_NAMES = new Set(['i', 'you', 'your', 'my', 'the']);
const END_PUNCT = /[.:;!,'’]+$/;

/** introducedName as a global search of the intro pattern finds it, for the words of the alphabet below. */
function referenceIntroducedName(raw: string): string | undefined {
  const head = raw.length > 4000 ? raw.slice(0, 4000) : raw;
  const intro = /\b(?:You are|You're|You’re|I am|I'm|I’m|Your name is|My name is|You are called|I'm called|You go by|I go by)\s+((?:[A-Z][\w'’.-]{0,30})(?:[ \t]{1,6}[A-Z][\w'’.-]{0,30}){0,3})/g;
  for (let m = intro.exec(head); m !== null; m = intro.exec(head)) {
    const words = m[1]!.split(/[ \t]{1,6}/);
    const first = words[0]!.replace(END_PUNCT, '');
    const lower = first.toLowerCase();
    if (REFERENCE_NOT_NAMES.has(lower) || REFERENCE_NOT_NAMES.has(lower.split('-')[0]!) || /-[a-z]/.test(first)) continue;
    const kept: string[] = [];
    for (const w of words) {
      if (kept.length > 0 && REFERENCE_NOT_NAMES.has(w.toLowerCase())) break;
      kept.push(w);
    }
    const name = kept.join(' ').replace(END_PUNCT, '');
    if (name.length > 0) return name;
  }
  return undefined;
}

describe('fast path: consistency looks for intros from the capital I once, not per first-person start', () => {
  it('finds each start before any white space', () => {
    const texts = ['I am\tAria', 'So I am\nAria.', 'I go by\nMax', 'I go by Max', "I'm\tAria", 'I’m Aria', 'I’m called Aria', "I'm called\nMax", 'My name is\tMax', 'You are\nAria', 'II am Aria', 'I am the Aria', 'Iam Aria, I am Max'];
    for (const raw of texts) expect(introducedName(raw), JSON.stringify(raw)).toBe(referenceIntroducedName(raw));
  });

  it('finds the name a global search of the intro pattern finds', () => {
    const alphabet = ['You are ', "You're ", 'You’re ', 'I am ', "I'm ", 'I’m ', "I'm called ", 'I go by ', 'I go ', 'My name is ', 'Your name is ', 'You go by ', 'I ', 'Iam ', 'I', 'I’', "I'", 'Im ', ' am', 'am', ' go by', "'m", '’m', 'Aria ', 'Max ', 'Anne-Marie ', 'Well-read ', 'The ', 'not ', 'a ', 'Y', 'You', 'M', 'My name ', '\n', '\t', '  ', 'é', '’'];
    const rand = generator(9);
    for (let i = 0; i < 20000; i++) {
      const raw = randomText(rand, alphabet, 24);
      expect(introducedName(raw), JSON.stringify(raw)).toBe(referenceIntroducedName(raw));
    }
  });
});

describe('fast path: consistency takes a name equal to the manifest name or displayName as agreeing', () => {
  it('reports CONSIST001 and CONSIST002 when namesAgree says the names differ, and only then', () => {
    const names = ['Aria', 'aria', 'A-ria', 'Aria Bell', 'Bell', 'Ari', '!!', 'Max', ' Aria ', 'Zoé', 'ZOE'];
    const rand = generator(10);
    const pick = (): string => names[Math.floor(rand() * names.length)]!;
    for (let i = 0; i < 3000; i++) {
      const manifest: Record<string, unknown> = {};
      if (rand() < 0.8) manifest['name'] = pick();
      if (rand() < 0.8) manifest['displayName'] = pick();
      const own = [manifest['name'], manifest['displayName']].flatMap((n) => (typeof n === 'string' && n.trim() !== '' ? [n.trim()] : []));
      // the persona often gives one of the manifest's own names
      const identityName = rand() < 0.5 && own.length > 0 ? own[0]! : pick();
      const introName = rand() < 0.5 && own.length > 0 ? own[own.length - 1]! : pick();
      const identity = `# Identity\n\n- **Name:** ${identityName}\n`;
      const soul = `# Persona\n\nYou are ${introName}, a tutor.\n`;
      const out: Emission[] = [];
      consistency.check(createScanContext({ 'soul.json': JSON.stringify(manifest), 'IDENTITY.md': identity, 'SOUL.md': soul }), (e) => out.push(e));
      const declared = declaredIdentityName(identity);
      const intro = introducedName(soul);
      const label = JSON.stringify({ manifest, identityName, introName });
      expect(out.some((e) => e.code === 'CONSIST001'), label).toBe(own.length > 0 && declared !== undefined && !namesAgree(declared, own));
      expect(out.some((e) => e.code === 'CONSIST002'), label).toBe(own.length > 0 && intro !== undefined && !namesAgree(intro, own));
    }
  });
});
