// Fast paths of the secrets family's curl -u / --user search: it runs only in views whose keyword
// pass found one of those options (checked against the search run on every text: scanSecrets
// without a view), and it finds the "curl" before each option by one search moving forward
// (checked against a search of the 600 characters before each option), on the spellings it
// accepts and on seeded random inputs.
import { describe, it, expect } from 'vitest';
import { scanSecrets } from '../../../scripts/core/scan/rules/secrets.ts';
import { TextView } from '../../../scripts/core/scan/text.ts';
import { generator, randomText } from '../../helpers/random.ts';

/** Findings of the text searched for curl options whatever its view says (the plain behaviour). */
const plain = (text: string): string[] => {
  const out: string[] = [];
  scanSecrets(text, 'SOUL.md', (e) => out.push(`${e.code}@${e.offset}`));
  return out;
};

/** Findings with the view's keyword pass deciding whether to search (as the family runs). */
const gated = (text: string): string[] => {
  const out: string[] = [];
  scanSecrets(text, 'SOUL.md', (e) => out.push(`${e.code}@${e.offset}`), new TextView(text));
  return out;
};

describe('fast path: secrets search for curl -u only where the keyword pass saw the option', () => {
  const CREDENTIAL = 'deploy:Xk9pQ2mN7vR4';
  const cases = [
    `curl -u ${CREDENTIAL} https://api.internal.io/v1`,
    `curl\t-u\t${CREDENTIAL} https://api.internal.io/v1`,
    `curl -u  ${CREDENTIAL}`,
    `curl --user ${CREDENTIAL} https://api.internal.io/v1`,
    `curl --user=${CREDENTIAL} https://api.internal.io/v1`,
    `curl --user= ${CREDENTIAL}`,
    `--user ${CREDENTIAL} after curl? no: curl comes first in\ncurl -X POST \\\n  -u ${CREDENTIAL} \\\n  https://x.io`,
    // "curl" inside a word, which the keyword pass does not see as a word ("libcurl")
    `libcurl -u ${CREDENTIAL}`,
    `/usr/bin/curl -u '${CREDENTIAL}' -d x`,
    `**curl** -u "${CREDENTIAL}"`,
    `CURL_OPTS=1 mycurl -u ${CREDENTIAL}`,
    `curl -u ${CREDENTIAL}`.replace('curl', 'cu\u200brl') + ` curl -u ${CREDENTIAL}`,
  ];

  for (const text of cases) {
    it(`finds the credential in ${JSON.stringify(text)} as the plain search does`, () => {
      const expected = plain(text);
      expect(expected.some((f) => f.startsWith('SEC157@'))).toBe(true);
      expect(gated(text)).toEqual(expected);
    });
  }

  it('agrees with the plain search on seeded random texts', () => {
    const rand = generator(71);
    // whole options and credentials as pieces too, so that many texts hold a finding
    const alphabet = [
      'curl', 'libcurl', 'CURL', ' ', ' ', '\t', '\n', '-u', '-U', '--user', '--users', '-', 'u', 'ser', '=', ':', 'x', '"', "'", '*', '_', '`', '\u200b', '\u00a0', 'é',
      ' -u ', '\t-u ', ' --user ', ' --user=', ' -u  ', 'deploy:Xk9pQ2mN7vR4', 'sk_9f8A7b6C5d4E:', 'admin:admin', '{user}:{pass}', 'curl -X POST',
    ];
    let found = 0;
    for (let i = 0; i < 20000; i++) {
      const text = randomText(rand, alphabet, 10);
      const expected = plain(text);
      if (expected.some((f) => f.startsWith('SEC157@'))) found++;
      expect(gated(text), JSON.stringify(text)).toEqual(expected);
    }
    expect(found).toBeGreaterThan(100);
  });
});

describe('fast path: secrets find the "curl" before each option by one forward search', () => {
  const OPTION = ' -u deploy:Xk9pQ2mN7vR4 ';

  /** Where the first finding is: at the credential of the first OPTION with "curl" in the 600 characters before its "-u". */
  function expected(text: string): string[] {
    for (let i = text.indexOf(OPTION) + 1; i > 0; i = text.indexOf(OPTION, i) + 1) {
      if (text.slice(Math.max(0, i - 600), i).lastIndexOf('curl') !== -1) return [`SEC157@${i + 3}`];
    }
    return [];
  }
  const found = (text: string): string[] => plain(text).filter((f) => f.startsWith('SEC157@'));

  it('takes a "curl" at the start of the text and one ending right before the window closes', () => {
    expect(found(`curl${OPTION}`)).toEqual(['SEC157@8']);
    // the option's "-u" is at 5 + gap: the window [gap - 595, 5 + gap) holds "curl" up to a gap of 595
    expect(found(`curl${' '.repeat(595)}${OPTION}`)).toEqual(['SEC157@603']);
    expect(found(`curl${' '.repeat(596)}${OPTION}`)).toEqual([]);
    for (const gap of [590, 594, 597, 600]) {
      const text = `curl${' '.repeat(gap)}${OPTION}`;
      expect(found(text), String(gap)).toEqual(expected(text));
    }
  });

  it('agrees with a search of the window before each option on seeded random layouts', () => {
    const rand = generator(89);
    const pieces = ['curl', 'curl', 'libcurl', 'cur', 'l', OPTION, OPTION, ' -u admin ', ' --user x '];
    let reported = 0;
    let quiet = 0;
    for (let n = 0; n < 3000; n++) {
      let text = '';
      const count = 1 + Math.floor(rand() * 8);
      for (let k = 0; k < count; k++) {
        text += pieces[Math.floor(rand() * pieces.length)]!;
        // filler of up to 700 characters, so that windows start anywhere around the pieces
        text += (rand() < 0.5 ? ' ' : 'x').repeat(Math.floor(rand() * rand() * 700));
      }
      const want = expected(text);
      if (want.length > 0) reported++;
      else if (text.includes(OPTION)) quiet++;
      expect(found(text), JSON.stringify(text)).toEqual(want);
    }
    expect(reported).toBeGreaterThan(300);
    expect(quiet).toBeGreaterThan(300);
  });
});
