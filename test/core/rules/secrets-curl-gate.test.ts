// Fast path of the secrets family: the curl -u / --user search runs only in views whose keyword
// pass found one of those options. Checked against the search run on every text (scanSecrets
// without a view), on the spellings it accepts and on seeded random inputs.
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
