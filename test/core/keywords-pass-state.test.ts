// The keyword pass keeps some state from one view to the next instead of clearing it per view:
// the last anchor of each group with companions (offsets moved past every earlier view by a base)
// and the ends of letter sequences seen (cleared only after a pass that saw one). Whatever views
// came before, a view must open exactly the groups it opens when scanned alone: each test scans
// views built to leave state near the edge of a group's reach, and compares with a fresh reading.
import { describe, expect, it } from 'vitest';
import { keywordsOf, registerWordGroups, SEEN_LETTERS, SEEN_WORD } from '../../scripts/core/scan/keywords.ts';
import { TextView } from '../../scripts/core/scan/text.ts';

const WITHIN = 40;
const { base } = registerWordGroups(
  [
    { words: ['zorbanchor'], then: ['zorbcompanion'], within: WITHIN },
    { words: ['zorbplain'], letters: ['qwertyuiopasdfghjk'] },
  ],
  2,
);
const COMPANION_GROUP = base;
const LETTERS_GROUP = base + 1;

const flagsOf = (raw: string): number[] => {
  const k = keywordsOf(new TextView(raw));
  return [k.flags[COMPANION_GROUP]!, k.flags[LETTERS_GROUP]!];
};

/** The flags of `raw` scanned right after each view of `before`, each time on a fresh view. */
function afterEach(before: readonly string[], raw: string): number[][] {
  return before.map((b) => {
    keywordsOf(new TextView(b));
    return flagsOf(raw);
  });
}

describe('keyword pass state between views', () => {
  it('opens a group with companions only on an anchor of the same view', () => {
    // anchors at the start and at the end of earlier views, of many lengths; the companion a few
    // characters into the next view is within reach of either, were offsets not moved on
    const before: string[] = [];
    for (let pad = 0; pad < 60; pad += 7) {
      before.push(`zorbanchor ${'x '.repeat(pad)}`, `${'x '.repeat(pad)}zorbanchor`, `${'x '.repeat(pad)}zorbanchor `);
    }
    for (const raw of ['zorbcompanion', 'a zorbcompanion', `${'y '.repeat(15)}zorbcompanion`]) {
      expect(flagsOf(raw)[0]).toBe(0);
      for (const flags of afterEach(before, raw)) expect(flags[0], raw).toBe(0);
    }
    const near = `zorbanchor ${'x '.repeat(10)}zorbcompanion`;
    expect(flagsOf(near)[0]).toBe(SEEN_WORD);
    for (const flags of afterEach(before, near)) expect(flags[0]).toBe(SEEN_WORD);
    const far = `zorbanchor ${'x '.repeat(WITHIN)}zorbcompanion`;
    for (const flags of afterEach(before, far)) expect(flags[0]).toBe(0);
  });

  it('notes a letter sequence only when both its ends are in the same view', () => {
    const first = 'q-w-e-r-t-y-u-i';
    const last = 'o p a s d f g h j k';
    expect(flagsOf(first)[1]).toBe(0);
    expect(flagsOf(last)[1]).toBe(0);
    for (const flags of afterEach([first, `${first} ${last}`, last, 'plain'], last)) expect(flags[1]).toBe(0);
    for (const flags of afterEach([first, 'plain', last], first)) expect(flags[1]).toBe(0);
    for (const flags of afterEach([first, last, 'plain'], `${first} ${last}`)) expect(flags[1]).toBe(SEEN_LETTERS);
  });
});
