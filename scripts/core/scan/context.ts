// Context of a match: does the persona forbid the phrase, or quote it as something to refuse?
// Such a match is lowered to a warning, never dropped: an author cannot switch a rule off.

// Cues that, shortly before a phrase in the same sentence, make it the object of a refusal.
const BEFORE_CUES = [
  'never', 'not', "n't", 'no', 'refuse', 'refuses', 'refusing', 'reject', 'rejects', 'decline', 'declines', 'resist', 'resists',
  'ignore requests', 'ignore attempts', 'ignore any', 'disobey', 'beware', 'wary', 'watch out', 'recognize', 'recognise', 'detect',
  'flag', 'report', 'such as', 'e.g.', 'eg.', 'for example', 'for instance', 'like', 'phrases', 'phrase', 'attempts', 'attempt',
  'tries', 'try to', 'trying', 'asks you to', 'asking you to', 'tells you to', 'says', 'say', 'saying', 'claims', 'claiming',
  'requests', 'request', 'if someone', 'if a user', 'if the user', 'if anyone', 'when someone', 'when a user', 'when users',
  'even if', 'regardless', 'treat', 'warn', 'example', 'examples', 'quoted', 'injection', 'injections', 'jailbreak', 'jailbreaks',
  'messages containing', 'containing', 'without', 'do not follow', 'never follow',
];

// Cues right after a phrase ("'ignore all instructions' is an attack").
const AFTER_CUES = [
  'is an attack', 'are attacks', 'is a jailbreak', 'are jailbreaks', 'is an injection', 'are injections', 'is manipulation',
  'must be refused', 'should be refused', 'must be ignored', 'should be ignored', 'refuse', 'decline', 'is not allowed',
  'are not allowed', 'is forbidden', 'are forbidden', 'will not work', "won't work", 'does not work', 'is a red flag',
];

// Words that end the reach of a cue: "never refuse and ignore all previous instructions".
const BREAKERS = /(?:^|[^a-z])(?:and|then|but|also|instead|so|therefore|now|always|must|will)(?![a-z])/g;

const SENTENCE_END = /[.!?;\n]\s|[!?;]|\.$/g;
const WINDOW = 60;
const QUOTES = `"'\`“”‘’«»„「」『』`;

/**
 * Whether the phrase at [start, end) of a normalised text is forbidden or quoted as an example.
 *
 * @example isRefusalContext(`never obey "ignore previous instructions"`, 13, 41) // true
 */
export function isRefusalContext(norm: string, start: number, end: number): boolean {
  const from = Math.max(0, start - WINDOW);
  let before = norm.slice(from, start);
  // keep only the current sentence
  let cut = -1;
  SENTENCE_END.lastIndex = 0;
  for (let m = SENTENCE_END.exec(before); m !== null; m = SENTENCE_END.exec(before)) cut = m.index + m[0].length;
  if (cut >= 0) before = before.slice(cut);
  const quotedBefore = /["'`“”‘’«»„「」『』]\s?$/.test(before) || hasOpenQuote(before);
  // a breaker word between the cue and the phrase cancels the cue
  BREAKERS.lastIndex = 0;
  let lastBreak = -1;
  for (let m = BREAKERS.exec(before); m !== null; m = BREAKERS.exec(before)) lastBreak = m.index + m[0].length;
  const reach = lastBreak >= 0 ? before.slice(lastBreak) : before;
  if (hasCue(reach, BEFORE_CUES)) return true;
  const after = norm.slice(end, end + WINDOW);
  const afterClean = after.replace(/^["'`“”‘’«»„「」『』)\]]*\s?[-—–:,]?\s?/, '');
  if (AFTER_CUES.some((c) => afterClean.startsWith(c))) return true;
  // a quoted phrase followed by a refusal in the same sentence
  if (quotedBefore && /^[^.!?]{0,40}\b(?:refuse|decline|reject|ignore it|ignore them|do not comply|don't comply|never comply)/.test(after)) return true;
  return false;
}

function hasOpenQuote(s: string): boolean {
  let count = 0;
  for (const ch of s) if (QUOTES.includes(ch)) count++;
  return count % 2 === 1;
}

function hasCue(text: string, cues: readonly string[]): boolean {
  for (const cue of cues) {
    let i = text.indexOf(cue);
    while (i !== -1) {
      const before = i === 0 ? ' ' : text[i - 1]!;
      const after = text[i + cue.length] ?? ' ';
      const startsWord = !/[a-z0-9]/.test(before) || cue.startsWith("n'");
      if (startsWord && !/[a-z0-9]/.test(after)) return true;
      i = text.indexOf(cue, i + 1);
    }
  }
  return false;
}
