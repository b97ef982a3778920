// Fast paths of the secrets and PII families against the plain behaviour they stand in for, on
// tricky and seeded random inputs.
import { describe, it, expect } from 'vitest';
import { classifyName, indexOfEKey, mayEndCredentialName } from '../../../scripts/core/scan/rules/secrets.ts';
import { PROVIDER_KEYWORDS } from '../../../scripts/core/scan/rules/secrets-patterns.ts';
import { generator, randomText } from '../../helpers/random.ts';

// ---- secrets: names told by their last three characters --------------------------------------

/** The endings classifyName looks for (its STEMS), as the plain test saw them. */
const ENDINGS = ['password', 'passwd', 'pwd', 'seed', 'passphrase', 'cookie', 'sig', 'auth', 'credential', 'contribsys__com', 'authorization', 'token', 'credentials', 'creds', 'pass', 'secret', 'salt', 'key'];
const PROVIDERS = PROVIDER_KEYWORDS.map(([k]) => k);

/** Case variants of a word: as written, upper case, capitalised. */
const variants = (w: string): string[] => [w, w.toUpperCase(), w[0]!.toUpperCase() + w.slice(1)];

describe('fast path: secrets turn down names by their last three characters', () => {
  it('never turns down a name classifyName takes, after any lead-in', () => {
    const leads = ['', ' ', '"', 'x', '.', '-', '$', '@', '_', 'é', '\n'];
    let taken = 0;
    for (const word of [...ENDINGS, ...PROVIDERS]) {
      for (const v of variants(word)) {
        for (const name of [v, `db_${v}`, `api.${v}`, `my${v}`, `${v}_`, `${v}-`, `${v}.`, `X-${v}`]) {
          if (classifyName(name) === null) continue;
          taken++;
          for (const lead of leads) expect(mayEndCredentialName(`${lead}${name}`, lead.length + name.length), JSON.stringify(lead + name)).toBe(true);
        }
      }
    }
    expect(taken).toBeGreaterThan(500);
  });

  it('agrees with classifyName on seeded random names', () => {
    const rand = generator(53);
    const alphabet = [...ENDINGS, ...PROVIDERS.slice(0, 20), 'pass', 'word', 'ke', 'y', 'tok', 'en', 'AUTH', 'Key', 'sig', 'aws', '_', '.', '-', '$', '@', 'x', 'Q', '1', '9', 'é', ' ', '"'];
    let taken = 0;
    let turnedDown = 0;
    for (let i = 0; i < 20000; i++) {
      const text = randomText(rand, alphabet, 5);
      // every suffix of name characters, as handleAssignment would read it back from its end
      for (let start = text.length - 1; start >= 0 && /[A-Za-z0-9_.$@-]/.test(text[start]!); start--) {
        const name = text.slice(start).replace(/^[^A-Za-z0-9_]+/, '');
        if (name.length < 2) continue;
        const may = mayEndCredentialName(text, text.length);
        if (classifyName(name) !== null) {
          taken++;
          expect(may, JSON.stringify(text)).toBe(true);
        } else if (!may) turnedDown++;
      }
    }
    expect(taken).toBeGreaterThan(1000);
    expect(turnedDown).toBeGreaterThan(1000);
  });

  it('turns down ordinary words', () => {
    for (const word of ['name', 'Name', 'tags', 'files', 'author', 'license', 'category', 'Role', 'displayName', 'soul', 'Note', 'Example']) {
      expect(mayEndCredentialName(`"${word}`, word.length + 1), word).toBe(false);
    }
  });
});

// ---- secrets: PEM labels found from their "KEY" ----------------------------------------------

describe('fast path: secrets find "E KEY" from its "KEY"', () => {
  it('finds what a search for "E KEY" finds, from every offset of seeded random texts', () => {
    const rand = generator(71);
    const alphabet = ['E KEY', 'KEY', 'E', ' ', 'K', 'KE', 'EY', 'Y', 'E K', 'EE', 'KEYKEY', 'x', '\n', 'é', 'PRIVATE KEY'];
    let found = 0;
    for (let i = 0; i < 3000; i++) {
      const text = randomText(rand, alphabet, 10);
      for (let from = 0; from <= text.length + 1; from++) {
        const expected = text.indexOf('E KEY', from);
        if (expected !== -1) found++;
        expect(indexOfEKey(text, from), `${JSON.stringify(text)} from ${from}`).toBe(expected);
      }
    }
    expect(found).toBeGreaterThan(5000);
  });
});
