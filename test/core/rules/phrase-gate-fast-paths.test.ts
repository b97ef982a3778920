// The phrase gates' companion words against the rules run without a gate: a gate that opens on
// rarer companions must still open on every phrase its rule finds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runPhraseRules } from '../../../scripts/core/scan/match.ts';
import { JAILBREAK_PHRASE_RULES, jailbreak } from '../../../scripts/core/scan/rules/jailbreak.ts';
import { TextView } from '../../../scripts/core/scan/text.ts';
import type { ScanContext } from '../../../scripts/core/scan/types.ts';

function contextOf(text: string): ScanContext {
  return { files: { 'SOUL.md': text }, invalidEntries: [], texts: [{ name: 'SOUL.md', ext: 'md', raw: text, view: new TextView(text) }], manifest: null, specVersion: '0.4' };
}

/** The codes a run emits. */
function codesOf(run: (emit: (e: { code: string }) => void) => void): Set<string> {
  const codes = new Set<string>();
  run((e) => codes.add(e.code));
  return codes;
}

describe('SEC178 "never say I can\'t", gated on the word after "i"', () => {
  // the phrase as the rule's first two patterns write it, kept within the gate's 60 characters
  const NEGATION = fc.constantFrom('never', 'do not', "don't", 'must not', 'should not', 'avoid', 'without', 'refrain from');
  const VERB = fc.constantFrom('say', 'saying', 'use', 'include', 'respond with', 'responding with', 'reply with', 'write', 'start with', 'begin with', 'mention', 'utter');
  const FILLER = fc.constantFrom('', ' words like', ' the words such as', ' phrases like', ' that', ' the phrase', ' anything like');
  const QUOTE = fc.constantFrom(' ', ' "', " '", ' “', ' (');
  const CANNOT = fc.constantFrom("i'm unable", 'i am unable', "i can't", 'i can’t', 'i cant', 'i cannot', 'i can not', "i won't", 'i won’t', 'i wont');
  const PHRASE = fc.oneof(
    fc.tuple(NEGATION, VERB, FILLER, QUOTE, CANNOT).map(([n, v, f, q, c]) => `${n} ${v}${f}${q}${c}`),
    fc.tuple(fc.constantFrom('responses', 'answers', 'replies', 'output'), fc.constantFrom(' ', ' must ', ' will '), fc.constantFrom('never', 'not'), fc.constantFrom('contain', 'include', 'start with', 'have'), QUOTE, CANNOT).map(
      ([s, m, n, v, q, c]) => `${s}${m}${n} ${v}${q}${c}`,
    ),
  );
  // words the old companions ("t", "not") matched everywhere, and near misses
  const NOISE = fc.constantFrom('', ' ', '. ', 'Be kind. ', "I don't know. ", 'do not use it. ', "can't ", 'not ', 'say ', 'i can help. ', 'we won the game. ', 'use the can. ');

  it('opens wherever the ungated rule finds the phrase', () => {
    let found = 0;
    fc.assert(
      fc.property(NOISE, PHRASE, NOISE, fc.boolean(), (before, phrase, after, upper) => {
        const text = `${before}${upper ? phrase.toUpperCase() : phrase}. ${after}`;
        const ungated = codesOf((emit) => runPhraseRules(contextOf(text), emit, JAILBREAK_PHRASE_RULES, (id) => id));
        const gated = codesOf((emit) => jailbreak.check(contextOf(text), emit));
        if (ungated.has('SEC178')) found++;
        expect({ text, gated: gated.has('SEC178') }).toEqual({ text, gated: ungated.has('SEC178') });
      }),
      { numRuns: 1500 },
    );
    expect(found).toBeGreaterThan(1000);
  });
});
