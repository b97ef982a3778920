// Rule family: personal data (PII) in a published persona: e-mail addresses, phone numbers,
// payment cards, IBANs, national identity numbers, public IP addresses, Bitcoin addresses and MAC
// addresses. Matches the raw text of every file, one linear pass per kind of seed (digits, '@',
// ':', upper-case letters); values with a check digit need no context, weak shapes (bare digit
// runs) need a context word nearby. Reserved, documentation, private and fictional values are not
// personal data and are never reported; published test and specimen values are info.
import type { Emit, RuleFamily, RuleInfo, ScanContext, Severity, TextFile } from '../types.ts';
import {
  TEST_CARD_NUMBERS,
  aadhaarValid,
  base58AddressValid,
  cardScheme,
  codiceFiscaleValid,
  cpfValid,
  dniValid,
  ibanLength,
  ibanValid,
  internationalStatus,
  ipv4Public,
  ipv6Public,
  luhnValid,
  nanpStatus,
  nhsValid,
  parseIpv4,
  parseIpv6,
  segwitAddressValid,
  ssnStatus,
  fictionalNumber,
  splitCountryCode,
} from './pii-checks.ts';

/** The codes of this family, by entity. */
export const PII_CODES = {
  email: 'SEC120',
  phone: 'SEC121',
  card: 'SEC122',
  iban: 'SEC123',
  nationalId: 'SEC124',
  ip: 'SEC125',
  wallet: 'SEC126',
  mac: 'SEC127',
} as const;

const rule = (id: string, severity: Severity, description: string): RuleInfo => ({ id, stage: 'security', severity, category: 'pii', description });

const RULES: readonly RuleInfo[] = [
  rule(
    PII_CODES.email,
    'warning',
    'Personal data: an e-mail address. A warning, not an error: an author may publish a contact address on purpose, so review it. ' +
      'Reserved domains (example.com/.org/.net, *.example, *.test, *.invalid, *.localhost, *.local) and placeholder domains ' +
      '(yourdomain.com, domain.com) are ignored; no-reply and placeholder names (user@, you@) are info; the manifest\'s own author address is never reported.',
  ),
  rule(
    PII_CODES.phone,
    'warning',
    'Personal data: a telephone number (international +CC, North American or European national format, checked against the numbering plan). ' +
      'A warning: a public contact number may be intended, so review it. Fictional ranges (NANP 555, UK Ofcom and Australian drama numbers) are ignored; ' +
      'bare digit runs count only next to a word like "phone" or "call".',
  ),
  rule(
    PII_CODES.card,
    'error',
    'Personal data: a payment card number (valid issuer prefix and length, passes Luhn). An error: card numbers never belong in a public persona. ' +
      'Published test card numbers are info.',
  ),
  rule(
    PII_CODES.iban,
    'error',
    'Personal data: an IBAN (country length and layout, passes mod-97). An error: bank account numbers never belong in a public persona.',
  ),
  rule(
    PII_CODES.nationalId,
    'error',
    'Personal data: a national identity number with its checks: US SSN (SSA area/group/serial rules), UK NHS number (mod 11), Spanish DNI/NIE (mod-23 letter), ' +
      'Brazilian CPF (two mod-11 digits), Indian Aadhaar (Verhoeff), Italian codice fiscale (check letter). An error: identity numbers never belong in a public persona. ' +
      'Famous specimen numbers (078-05-1120, 12345678Z) are info.',
  ),
  rule(
    PII_CODES.ip,
    'warning',
    'Personal data: a public IP address (IPv4 or global unicast IPv6). A warning: it can locate a person or a server, review it. Documentation ' +
      '(192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24, 2001:db8::/32), private, loopback, link-local, CGNAT, multicast and broadcast addresses, ' +
      'well-known public resolvers and version or section numbers are ignored.',
  ),
  rule(
    PII_CODES.wallet,
    'warning',
    'Personal data: a Bitcoin address with a valid checksum (base58check or bech32/bech32m). A warning: it links payments to a person, and a persona ' +
      'that asks users to pay into it may be a scam; remove it unless it is an intended donation address.',
  ),
  rule(
    PII_CODES.mac,
    'info',
    'Personal data: a hardware (MAC) address, which identifies one device. Info: usually a harmless example, but remove real ones. ' +
      'All-zero and broadcast addresses are ignored.',
  ),
];

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };
const DEFAULT_RANK = new Map(RULES.map((r) => [r.id, SEVERITY_RANK[r.severity]]));

// ---------------------------------------------------------------------------------------------
// Per-file state

interface AuthorValues {
  readonly emails: ReadonlySet<string>;
  readonly phones: ReadonlySet<string>;
}

interface FileScan {
  readonly file: TextFile;
  readonly raw: string;
  readonly emit: Emit;
  /** The manifest's own contacts, read at the first address or number found (most files have none). */
  readonly author: () => AuthorValues;
  /**
   * Best (lowest) severity rank already emitted per code: later findings of the same or lower
   * severity are skipped. Made at the first finding (most files have none).
   */
  best: Map<string, number> | null;
  /** Candidates analysed so far: windows of digit groups and colon seeds (see MAX_WORK). */
  work: number;
}

function report(fs: FileScan, code: string, offset: number, message: string, severity?: Severity): void {
  const rank = severity ? SEVERITY_RANK[severity] : (DEFAULT_RANK.get(code) ?? 0);
  fs.best ??= new Map();
  const prev = fs.best.get(code);
  if (prev !== undefined && prev <= rank) return;
  fs.best.set(code, rank);
  fs.emit({ code, file: fs.file.name, offset, message, ...(severity ? { severity } : {}) });
}

/** Whether a code has already been reported at its full severity in this file (nothing more to find). */
function saturated(fs: FileScan, code: string): boolean {
  const prev = fs.best?.get(code);
  return prev !== undefined && prev <= (DEFAULT_RANK.get(code) ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Characters

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isUpper = (c: number): boolean => c >= 65 && c <= 90;
const isAsciiLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isHex = (c: number): boolean => isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
const NON_ASCII_WORD = /[\p{L}\p{N}]/u;

/** Letters, digits and underscore of any script (NaN, i.e. outside the text, is not a word character). */
function isWord(c: number): boolean {
  if (c < 128) return isDigit(c) || isAsciiLetter(c) || c === 95;
  return c === c && NON_ASCII_WORD.test(String.fromCharCode(c));
}

function lowerBefore(raw: string, start: number, span: number): string {
  return raw.slice(Math.max(0, start - span), start).toLowerCase();
}

function allSame(s: string): boolean {
  for (let i = 1; i < s.length; i++) if (s[i] !== s[0]) return false;
  return true;
}

// Context words: they make a weak shape (a bare digit run) count. Linear, applied to a short slice.
const PHONE_CONTEXT = /(?:^|[^a-z])(?:phones?|tel|telephone|mobile|cell|cellphone|call|text|sms|whatsapp|signal|fax|contact|number|ring|dial)(?![a-z])/;
const NOT_PHONE_CONTEXT = /(?:^|[^a-z])(?:order|invoice|account|acct|tracking|reference|ref|serial|sku|isbn|case|ticket|transaction|txn|customer|member|policy|confirmation|id|card|iban|ssn|nhs|cpf|aadhaar|zip|postcode)(?![a-z])/;
const SSN_CONTEXT = /(?:^|[^a-z])(?:ssn|ssns|social security|social-security|soc sec|ss#|ss no)(?![a-z])/;
const NHS_CONTEXT = /(?:^|[^a-z])(?:nhs|chi number|chi no|health service|patient)(?![a-z])/;
const CPF_CONTEXT = /(?:^|[^a-z])cpf(?![a-z])/;
const AADHAAR_CONTEXT = /(?:^|[^a-z])(?:aadhaar|aadhar|uidai|uid)(?![a-z])/;
const VERSION_CONTEXT = /(?:^|[^a-z])(?:v|ver|versions?|releases?|build|firmware|rev|revision|update|patch|sdk|api|node|python|chrome|firefox|windows|android|ios|macos|kernel|sections?|sec|chapters?|clauses?|articles?|steps?|rules?|items?|oid|§)[\s:#.([]{0,3}$/;
const CONTEXT_SPAN = 40;

// ---------------------------------------------------------------------------------------------
// E-mail addresses

const RESERVED_EMAIL_SUFFIXES = ['.example', '.test', '.invalid', '.localhost', '.local', '.internal', '.home.arpa'];
const RESERVED_EMAIL_DOMAINS = new Set(['example.com', 'example.org', 'example.net', 'example.edu']);
const PLACEHOLDER_DOMAINS = new Set([
  'domain.com', 'yourdomain.com', 'your-domain.com', 'mydomain.com', 'my-domain.com', 'somedomain.com', 'company.com', 'yourcompany.com',
  'your-company.com', 'mycompany.com', 'yoursite.com', 'yourwebsite.com', 'website.com', 'test.com', 'email.com', 'emailaddress.com',
]);
const PLACEHOLDER_LOCALS = new Set([
  'you', 'your.name', 'yourname', 'your-name', 'your_name', 'youremail', 'your.email', 'your-email', 'your_email', 'name', 'username',
  'user', 'someone', 'somebody', 'firstname.lastname', 'first.last', 'firstname', 'lastname', 'john.doe', 'jane.doe', 'johndoe', 'janedoe',
  'email', 'test', 'foo', 'bar', 'example', 'sample', 'xxx',
]);
// "your-project.iam...", "my-company.com": a domain label that addresses the reader is a placeholder
const PLACEHOLDER_LABEL = /(?:^|\.)(?:your|my)[-_]?(?:domain|company|project|site|website|org|organization|app|server|host|email|name|business|shop|store|team)\./;
const PLACEHOLDER_LOCAL_WORD = /^your[-_.]?|(?:^|[-_.])(?:fake|dummy|example|placeholder)(?:$|[-_.\d])/;
const NOREPLY_LOCAL = /^(?:no[-_.]?reply|do[-_.]?not[-_.]?reply)(?:[+._-][a-z0-9]{1,40})?$/;
// File extensions that are not top-level domains: "logo@2x.png" is a file name.
const FILE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'avif', 'ico', 'bmp', 'css', 'scss', 'less', 'js', 'mjs', 'cjs', 'ts', 'tsx', 'jsx', 'json', 'yaml', 'yml', 'toml', 'txt', 'html', 'htm', 'pdf', 'zip', 'gz', 'tgz', 'mp3', 'mp4', 'wav', 'webm', 'lock', 'vue', 'map', 'wasm', 'woff', 'woff2', 'ttf', 'otf']);

const isLocalChar = (c: number): boolean => isDigit(c) || isAsciiLetter(c) || c === 46 || c === 95 || c === 37 || c === 43 || c === 45 || c === 39;
const isDomainChar = (c: number): boolean => isDigit(c) || isAsciiLetter(c) || c === 46 || c === 45 || (c >= 128 && c === c && NON_ASCII_WORD.test(String.fromCharCode(c)));

interface EmailHit {
  readonly start: number;
  readonly local: string;
  readonly domain: string;
}

/** Every syntactically valid address of a text, by scanning around each '@' (linear: scans stop at '@'). */
function extractEmails(raw: string, onHit: (hit: EmailHit) => boolean | void): void {
  const n = raw.length;
  let from = 0;
  for (;;) {
    const at = raw.indexOf('@', from);
    if (at === -1) return;
    from = at + 1;
    let l = at;
    while (l > 0 && at - l <= 64 && isLocalChar(raw.charCodeAt(l - 1))) l--;
    let r = at + 1;
    while (r < n && r - at <= 254 && isDomainChar(raw.charCodeAt(r))) r++;
    if (r > from) from = r;
    if (at - l > 64) continue;
    // leading punctuation (markdown emphasis, quotes) is not part of the address
    while (l < at && (raw[l] === '.' || raw[l] === '_' || raw[l] === '-' || raw[l] === '+' || raw[l] === "'")) l++;
    if (l === at) continue;
    const before = raw.charCodeAt(l - 1);
    if (before === 47 /* / */ || before === 64 /* @: a password with '@' in a URL */) continue;
    if (before === 58 /* : */ && raw.slice(Math.max(0, l - 7), l).toLowerCase() !== 'mailto:') continue; // URL credentials
    if (inUrlUserinfo(raw, l)) continue;
    let dEnd = r;
    while (dEnd > at + 1 && (raw[dEnd - 1] === '.' || raw[dEnd - 1] === '-')) dEnd--;
    const after = raw.charCodeAt(dEnd);
    if (after === 58 /* : */ && dEnd + 1 < n && /[\w~/]/.test(raw[dEnd + 1]!)) continue; // git@host:owner/repo
    const local = raw.slice(l, at);
    const domain = raw.slice(at + 1, dEnd);
    if (local.includes('..') || local.endsWith('.') || !validDomain(domain)) continue;
    if (onHit({ start: l, local, domain }) === true) return;
  }
}

/** Whether the text right before `l` (same token) holds "://": user:password@host of a URL. */
function inUrlUserinfo(raw: string, l: number): boolean {
  for (let k = l - 1; k >= 2 && l - k < 120; k--) {
    const c = raw.charCodeAt(k);
    if (c <= 32 || c === 34 || c === 39 || c === 60 || c === 62 || c === 96) return false;
    if (c === 47 && raw.charCodeAt(k - 1) === 47 && raw.charCodeAt(k - 2) === 58) return true;
  }
  return false;
}

function validDomain(domain: string): boolean {
  if (domain.length < 4 || domain.length > 253) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  for (const label of labels) {
    if (label.length === 0 || label.length > 63 || label.startsWith('-') || label.endsWith('-')) return false;
  }
  const tld = labels[labels.length - 1]!.toLowerCase();
  if (tld.startsWith('xn--')) return tld.length > 4;
  if (tld.length < 2 || /[\d_]/.test(tld) || FILE_EXTENSIONS.has(tld)) return false;
  return true;
}

function placeholderDomain(domain: string): boolean {
  if (PLACEHOLDER_DOMAINS.has(domain) || PLACEHOLDER_LABEL.test(domain)) return true;
  const dot = domain.indexOf('.');
  for (let k = dot; k !== -1; k = domain.indexOf('.', k + 1)) if (PLACEHOLDER_DOMAINS.has(domain.slice(k + 1))) return true;
  return false;
}

function reservedDomain(domain: string): boolean {
  if (RESERVED_EMAIL_DOMAINS.has(domain)) return true;
  for (const suffix of RESERVED_EMAIL_SUFFIXES) if (domain.endsWith(suffix)) return true;
  for (const base of RESERVED_EMAIL_DOMAINS) if (domain.endsWith(`.${base}`)) return true;
  return false;
}

function scanEmails(fs: FileScan): void {
  const code = PII_CODES.email;
  extractEmails(fs.raw, (hit) => {
    const domain = hit.domain.toLowerCase();
    const local = hit.local.toLowerCase();
    if (reservedDomain(domain) || placeholderDomain(domain)) return;
    if (fs.author().emails.has(`${local}@${domain}`)) return;
    const masked = `${hit.local[0]}***@${hit.domain}`;
    if (NOREPLY_LOCAL.test(local)) {
      report(fs, code, hit.start, `No-reply e-mail address "${masked}": not personal, but check that the persona should name this organisation's address`, 'info');
    } else if (PLACEHOLDER_LOCALS.has(local) || PLACEHOLDER_LOCAL_WORD.test(local) || (local.length === 1 && domain.indexOf('.') === 1)) {
      report(fs, code, hit.start, `E-mail address "${masked}" looks like a placeholder; if it is, use an address at example.com so it cannot reach a real mailbox`, 'info');
    } else {
      report(fs, code, hit.start, `E-mail address "${masked}" in a published file: remove it or use an address at example.com, unless it is a contact you mean to publish`);
    }
    return saturated(fs, code);
  });
}

// ---------------------------------------------------------------------------------------------
// Digit runs: cards, national ids, phones and IPv4 addresses

interface Group {
  readonly start: number;
  readonly end: number;
  readonly digits: string;
  /** '(' right before the digits. */
  readonly open: boolean;
  /** ')' right after the digits. */
  readonly close: boolean;
}

interface Chunk {
  readonly groups: Group[];
  /** The digits of every group, joined, and where each group's begin in them (one more entry: the length). */
  readonly digits: string;
  readonly at: readonly number[];
  /** Separator char code between group k and k+1: 32 space, 45 '-', 46 '.', 0 none (after ')'). */
  readonly seps: number[];
  readonly plus: boolean;
  /** Raw offset of the chunk including a leading '+' or '('. */
  readonly start: number;
  /** Raw offset just past the last group (and its ')'). */
  readonly end: number;
  readonly leftOk: boolean;
  readonly rightOk: boolean;
}

interface Window {
  readonly s: number;
  readonly e: number;
  readonly count: number;
  readonly digits: string;
  readonly lens: number[];
  /** The one separator used inside the window, 0 for a single group, -1 when mixed. */
  readonly sep: number;
  /** No parenthesis inside the window (around the whole window is fine). */
  readonly plain: boolean;
  /**
   * Spaces inside the window, yet more digit groups beside it: "4539 1488 0343 6468" holds no
   * 12-digit id, a fixed-layout id or a phone with spaces must stand alone.
   */
  readonly crowded: boolean;
  readonly offset: number;
}

const MAX_GROUP_DIGITS = 24;
const MAX_GROUPS = 10;
/**
 * Candidates analysed per file, at most (windows of digit groups, colon seeds): past them the rest
 * of the file's numbers and addresses are not read. Persona texts and the labelled corpora need a
 * few dozen (24 in the 6,802 golden inputs); a megabyte of "4111 " groups asks for about 950,000
 * windows, each a string, an object and seven checks (110 ms, over the scan's budget of 100 ms for
 * 1 MB of any input), and one of ":1" for 200,000 seeds, each reading the 50 characters around it.
 */
const MAX_WORK = 20_000;
const DIGIT_RUN = /[0-9]+/g;

function boundaryBefore(raw: string, start: number): boolean {
  const c = raw.charCodeAt(start - 1);
  if (isWord(c)) return false;
  if ((c === 45 || c === 46) && isWord(raw.charCodeAt(start - 2))) return false;
  return true;
}

function boundaryAfter(raw: string, end: number): boolean {
  const c = raw.charCodeAt(end);
  if (isWord(c) || c === 64) return false;
  if ((c === 45 || c === 46) && isWord(raw.charCodeAt(end + 1))) return false;
  return true;
}

function scanNumbers(fs: FileScan): void {
  const raw = fs.raw;
  const n = raw.length;
  let pos = 0;
  while (pos < n && fs.work < MAX_WORK) {
    // test() finds the run without building a match array; its start is found walking back
    DIGIT_RUN.lastIndex = pos;
    if (!DIGIT_RUN.test(raw)) return;
    const q = DIGIT_RUN.lastIndex;
    let i = q - 1;
    while (i > pos && isDigit(raw.charCodeAt(i - 1))) i--;
    const next = raw.charCodeAt(q);
    // digits glued to letters form a token (an IBAN, a wallet, an id, a hash, "v1"), else a run of digit groups
    const prev = raw.charCodeAt(i - 1);
    if (isWord(prev)) {
      // of the tokens we read, only IBANs ("DE89"), codici fiscali ("RSSMRA85"), NIEs ("X1234567L") and
      // segwit addresses ("bc1") have letters before their first digit
      const bech = raw.charCodeAt(i) === 49 && (prev === 99 || prev === 67);
      pos = isUpper(prev) || bech ? Math.max(scanToken(fs, i), q) : q;
      continue;
    }
    if (isWord(next)) {
      // digits first: a base58 wallet ("1BoatSLR...", "3J98t1...") or a DNI ("12345678Z")
      const c0 = raw.charCodeAt(i);
      pos = c0 === 49 || c0 === 51 || q - i === 8 ? Math.max(scanToken(fs, i), q) : q;
      continue;
    }
    // fast path: a short number that no separator continues ("3 times", "in 2024.") is nothing of ours
    if (q - i < 7 && !continuesGroup(raw, q, next)) {
      pos = q + 1;
      continue;
    }
    pos = Math.max(scanChunk(fs, i), q);
  }
}

/** Whether the digit group ending at `q` (followed by `next`) continues with another group. */
function continuesGroup(raw: string, q: number, next: number): boolean {
  if (next === 41 /* ) */) {
    const c = raw.charCodeAt(q + 1);
    return isDigit(c) || ((c === 32 || c === 45 || c === 46) && isDigit(raw.charCodeAt(q + 2)));
  }
  if (next !== 32 && next !== 45 && next !== 46 && next !== 160) return false;
  const c = raw.charCodeAt(q + 1);
  return isDigit(c) || c === 40;
}

const isAlnum = (c: number): boolean => isDigit(c) || isAsciiLetter(c);
const CODICE_FISCALE = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;
const NIE_TOKEN = /^[XYZ]\d{7}[A-Z]$/;
const DNI_TOKEN = /^\d{8}[A-Z]$/;
const IBAN_HEAD = /^[A-Z]{2}\d{2}/;
const CF_SPECIMENS = new Set(['RSSMRA85T10A562S', 'RSSMRA80A01H501U']);

/** Classify the ASCII letters-and-digits token around the digit at `i`; returns where scanning resumes. */
function scanToken(fs: FileScan, i: number): number {
  const raw = fs.raw;
  const n = raw.length;
  let a = i;
  while (a > 0 && i - a < 40 && isAlnum(raw.charCodeAt(a - 1))) a--;
  let b = i;
  while (b < n && b - a < 100 && isAlnum(raw.charCodeAt(b))) b++;
  if (isWord(raw.charCodeAt(a - 1)) || isWord(raw.charCodeAt(b))) return b;
  const token = raw.slice(a, b);
  const len = b - a;
  const c0 = token.charCodeAt(0);
  if ((c0 === 49 || c0 === 51) && len >= 26 && len <= 35) {
    if (base58AddressValid(token)) reportWallet(fs, a, token);
  } else if ((c0 === 98 || c0 === 66) && len >= 14 && /^bc1/i.test(token)) {
    if (segwitAddressValid(token)) reportWallet(fs, a, token);
  } else if (len === 16 && CODICE_FISCALE.test(token)) {
    if (codiceFiscaleValid(token)) {
      if (CF_SPECIMENS.has(token)) report(fs, PII_CODES.nationalId, a, `Well-known specimen Italian codice fiscale (${token.slice(0, 6)}…): not anyone's, but do not publish tax-code-shaped values`, 'info');
      else report(fs, PII_CODES.nationalId, a, `Italian codice fiscale (${token.slice(0, 3)}…${token.slice(-1)}) has a valid check letter: remove it; identity numbers must never be published`);
    }
  } else if (len === 9 && (NIE_TOKEN.test(token) || DNI_TOKEN.test(token))) {
    reportDni(fs, a, token);
  } else if (IBAN_HEAD.test(token)) {
    const end = scanIban(fs, a);
    if (end > b) return end;
  }
  return b;
}

function reportWallet(fs: FileScan, offset: number, address: string): void {
  report(fs, PII_CODES.wallet, offset, `Bitcoin address (${address.slice(0, 6)}…${address.slice(-4)}) with a valid checksum: remove it unless it is a donation address you mean to publish; never ask users to send payments`);
}

function reportDni(fs: FileScan, offset: number, id: string): void {
  if (!dniValid(id)) return;
  const code = PII_CODES.nationalId;
  if (DNI_SPECIMENS.has(id)) report(fs, code, offset, `Well-known specimen Spanish DNI (${id}): not anyone's, but do not publish DNI-shaped values`, 'info');
  else if (id.charCodeAt(0) >= 65) report(fs, code, offset, `Spanish NIE number (${id[0]}******${id.slice(-2)}) has a valid check letter: remove it; identity numbers must never be published`);
  else report(fs, code, offset, `Spanish DNI number (******${id.slice(-3)}) has a valid check letter: remove it; identity numbers must never be published`);
}

/** Tokenise the run of digit groups starting at `i` and analyse it; returns where scanning resumes. */
// Scratch space of scanChunk (it never runs twice at once): the groups of the current chunk.
const GROUP_START = new Int32Array(MAX_GROUPS);
const GROUP_END = new Int32Array(MAX_GROUPS);
const GROUP_OPEN = new Uint8Array(MAX_GROUPS);
const GROUP_CLOSE = new Uint8Array(MAX_GROUPS);
/** Separator read after group k (to group k + 1). */
const GROUP_SEP = new Int32Array(MAX_GROUPS);

function scanChunk(fs: FileScan, i: number): number {
  const raw = fs.raw;
  const n = raw.length;
  let start = i;
  let open = false;
  if (raw.charCodeAt(i - 1) === 40) {
    open = true;
    start = i - 1;
  }
  const plus = raw.charCodeAt(start - 1) === 43;
  if (plus) start--;
  // The groups go to scratch arrays first: most chunks ("1.0.0", "2024-01") end up below four
  // digits and are dropped without building anything.
  let count = 0;
  let transitions = 0; // separators read (one more than the groups kept after a long run)
  let p = i;
  let end: number;
  let total = 0;
  for (;;) {
    let q = p;
    while (q < n && isDigit(raw.charCodeAt(q))) q++;
    if (q - p > MAX_GROUP_DIGITS) {
      // a long digit run (an id, a hash, a number table): nothing of ours, skip it whole
      if (count === 0) return q;
      end = GROUP_END[count - 1]!;
      break;
    }
    const close = raw.charCodeAt(q) === 41;
    GROUP_START[count] = p;
    GROUP_END[count] = q;
    GROUP_OPEN[count] = open ? 1 : 0;
    GROUP_CLOSE[count] = close ? 1 : 0;
    count++;
    total += q - p;
    const after = close ? q + 1 : q;
    end = after;
    if (count >= MAX_GROUPS) break;
    const c = raw.charCodeAt(after);
    let next = -1;
    let sep = 0;
    open = false;
    if (c === 32 || c === 45 || c === 46 || c === 160) {
      let k = after + 1;
      if (raw.charCodeAt(k) === 40) {
        open = true;
        k++;
      }
      if (isDigit(raw.charCodeAt(k))) {
        next = k;
        sep = c === 160 ? 32 : c;
      }
    } else if (close && isDigit(c)) {
      next = after;
    }
    if (next === -1) break;
    GROUP_SEP[transitions++] = sep;
    p = next;
  }
  // Under four digits in all ("1.0.0", "v2.1"), no window reaches the four digits of the
  // shortest value (1.2.3.4) and no group is a DNI's 7 or 8: nothing to analyse.
  if (total < 4) return end;
  const groups: Group[] = [];
  const seps: number[] = [];
  const at: number[] = [0];
  for (let g = 0; g < count; g++) {
    const digits = raw.slice(GROUP_START[g], GROUP_END[g]);
    groups.push({ start: GROUP_START[g]!, end: GROUP_END[g]!, digits, open: GROUP_OPEN[g] === 1, close: GROUP_CLOSE[g] === 1 });
    at.push(at[g]! + digits.length);
  }
  for (let t = 0; t < transitions; t++) seps.push(GROUP_SEP[t]!);
  // a window's digits are one slice of these, not a string joined per window
  const digits = groups.length === 1 ? groups[0]!.digits : groups.map((g) => g.digits).join('');
  const chunk: Chunk = { groups, digits, at, seps, plus, start, end, leftOk: boundaryBefore(raw, start), rightOk: boundaryAfter(raw, end) };
  analyseChunk(fs, chunk);
  return end;
}

function makeWindow(chunk: Chunk, s: number, e: number): Window {
  const digits = chunk.digits.slice(chunk.at[s], chunk.at[e + 1]);
  const lens: number[] = [];
  let sep = 0;
  let plain = true;
  let spaced = false;
  for (let k = s; k <= e; k++) {
    const g = chunk.groups[k]!;
    lens.push(g.digits.length);
    if ((k > s && g.open) || (k < e && g.close)) plain = false;
    if (k < e) {
      const sk = chunk.seps[k]!;
      if (sk === 32) spaced = true;
      if (k === s) sep = sk;
      else if (sep !== sk) sep = -1;
    }
  }
  if (sep === 0 && e > s) sep = -1; // ")" glued to the next group is not a uniform separator
  const first = chunk.groups[s]!;
  const offset = s === 0 ? chunk.start : first.open ? first.start - 1 : first.start;
  const crowded = spaced && (s > 0 || e < chunk.groups.length - 1);
  return { s, e, count: e - s + 1, digits, lens, sep, plain, crowded, offset };
}

function analyseChunk(fs: FileScan, chunk: Chunk): void {
  const G = chunk.groups.length;
  if (G > 1 && embeddedInCode(fs.raw, chunk)) return;
  for (let s = 0; s < G; s++) {
    if (s > 0 ? chunk.seps[s - 1] !== 32 : !chunk.leftOk) continue;
    for (let e = Math.min(G - 1, s + 5); e >= s; e--) {
      if (e < G - 1 ? chunk.seps[e] !== 32 : !chunk.rightOk) continue;
      fs.work++;
      const w = makeWindow(chunk, s, e);
      if (w.digits.length < 4) break; // nothing of ours is shorter (1.2.3.4); shorter windows are shorter still
      if (claimWindow(fs, chunk, w)) {
        s = e;
        break;
      }
    }
  }
  checkDni(fs, chunk);
}

const isCodeChar = (c: number): boolean => isDigit(c) || isUpper(c);

/**
 * Whether the digit groups continue a code written in groups of letters and digits, such as a
 * spaced IBAN with a wrong checksum ("DE89 A704 0044 0532 0130 00") or a licence key: its digit
 * groups must not be read as phones or ids on their own.
 */
function embeddedInCode(raw: string, chunk: Chunk): boolean {
  // the first group glued to capitals ("DK50 0040 ...")
  const g0 = chunk.groups[0]!;
  let k = g0.start;
  while (k > 0 && g0.start - k < 6 && isUpper(raw.charCodeAt(k - 1))) k--;
  if (k < g0.start && !isWord(raw.charCodeAt(k - 1))) return true;
  // before: walk back over up to eight short upper-case/digit groups looking for a mixed one
  let p = chunk.start - 1;
  for (let t = 0; t < 8 && (raw.charCodeAt(p) === 32 || raw.charCodeAt(p) === 45); t++) {
    let q = p;
    let letters = 0;
    let digits = 0;
    while (q > 0 && p - q < 8 && isCodeChar(raw.charCodeAt(q - 1))) {
      if (isDigit(raw.charCodeAt(q - 1))) digits++;
      else letters++;
      q--;
    }
    if (q === p || isWord(raw.charCodeAt(q - 1))) break;
    if (letters > 0 && digits > 0) return true;
    if (p - q > 4) break;
    p = q - 1;
  }
  // after: one mixed group ("... 9795 493P 2")
  const c = raw.charCodeAt(chunk.end);
  if (c === 32 || c === 45) {
    let q = chunk.end + 1;
    let letters = 0;
    let digits = 0;
    while (q < raw.length && q - chunk.end <= 8 && isCodeChar(raw.charCodeAt(q))) {
      if (isDigit(raw.charCodeAt(q))) digits++;
      else letters++;
      q++;
    }
    if (letters > 0 && digits > 0 && !isWord(raw.charCodeAt(q))) return true;
  }
  return false;
}

function claimWindow(fs: FileScan, chunk: Chunk, w: Window): boolean {
  return checkCard(fs, chunk, w) || checkCpf(fs, w) || checkSsn(fs, w) || checkNhs(fs, w) || checkAadhaar(fs, w) || checkIpv4(fs, chunk, w) || checkPhone(fs, chunk, w);
}

const last4 = (digits: string): string => digits.slice(-4);

function checkCard(fs: FileScan, chunk: Chunk, w: Window): boolean {
  const d = w.digits;
  if (d.length < 13 || d.length > 19 || !w.plain) return false;
  if (w.s === 0 && chunk.plus) return false;
  if (w.count > 1) {
    if (w.count > 5 || w.lens[0] !== 4 || (w.sep !== 32 && w.sep !== 45)) return false;
    for (const len of w.lens) if (len < 3 || len > 6) return false;
  }
  const scheme = cardScheme(d);
  if (!scheme || !luhnValid(d)) return false;
  const code = PII_CODES.card;
  if (TEST_CARD_NUMBERS.has(d)) {
    report(fs, code, w.offset, `Published test card number (${scheme}, ending ${last4(d)}): not a real card, but card numbers do not belong in a persona; remove it unless the persona is about payment testing`, 'info');
  } else if (/(\d)\1{6}/.test(d)) {
    report(fs, code, w.offset, `Payment card number (${scheme}, ending ${last4(d)}) that looks like a test or dummy number; remove it, or make sure it is not a real card`, 'warning');
  } else {
    report(fs, code, w.offset, `Payment card number (${scheme}, ending ${last4(d)}) passes the Luhn check: remove it; card numbers must never be published`);
  }
  return true;
}

function checkCpf(fs: FileScan, w: Window): boolean {
  const d = w.digits;
  if (d.length !== 11 || w.crowded) return false;
  const formatted = w.count === 4 && w.lens.join() === '3,3,3,2' && w.plain;
  if (!formatted && !(w.count === 1 && CPF_CONTEXT.test(lowerBefore(fs.raw, w.offset, CONTEXT_SPAN)))) return false;
  if (formatted) {
    // the Brazilian layout is ddd.ddd.ddd-dd
    const text = fs.raw.slice(w.offset, w.offset + 14);
    if (!/^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(text)) return false;
  }
  if (!cpfValid(d)) return false;
  report(fs, PII_CODES.nationalId, w.offset, `Brazilian CPF number (ending ${d.slice(-2)}) passes its check digits: remove it; identity numbers must never be published`);
  return true;
}

function checkSsn(fs: FileScan, w: Window): boolean {
  const d = w.digits;
  if (d.length !== 9 || !w.plain || w.crowded) return false;
  const formatted = w.count === 3 && w.lens.join() === '3,2,4' && (w.sep === 45 || w.sep === 32 || w.sep === 46);
  if (!formatted && !(w.count === 1 && SSN_CONTEXT.test(lowerBefore(fs.raw, w.offset, CONTEXT_SPAN)))) return false;
  const status = ssnStatus(d);
  if (status === 'invalid') return formatted; // an SSN-shaped number is nothing else either
  const code = PII_CODES.nationalId;
  if (status === 'sample') {
    report(fs, code, w.offset, `Well-known specimen Social Security number (***-**-${last4(d)}): not anyone's, but do not publish SSN-shaped values`, 'info');
  } else {
    report(fs, code, w.offset, `US Social Security number (***-**-${last4(d)}): remove it; identity numbers must never be published`);
  }
  return true;
}

function checkNhs(fs: FileScan, w: Window): boolean {
  const d = w.digits;
  if (d.length !== 10 || !w.plain || w.crowded) return false;
  const formatted = w.count === 3 && w.lens.join() === '3,3,4' && (w.sep === 32 || w.sep === 45);
  if (!formatted && w.count !== 1) return false;
  if (!nhsValid(d)) return false;
  const context = NHS_CONTEXT.test(lowerBefore(fs.raw, w.offset, CONTEXT_SPAN));
  // Without a context word, only a formatted number in the English/Welsh/NI ranges that is not a
  // valid North American phone number (those are far more common in prose).
  if (!context && !(formatted && /^[3467]/.test(d) && nanpStatus(d) === 'invalid')) return false;
  report(fs, PII_CODES.nationalId, w.offset, `UK NHS number (ending ${last4(d)}) passes the mod-11 check: remove it; health identifiers must never be published`);
  return true;
}

function checkAadhaar(fs: FileScan, w: Window): boolean {
  const d = w.digits;
  if (d.length !== 12 || !w.plain || w.crowded) return false;
  const formatted = w.count === 3 && w.lens.join() === '4,4,4' && (w.sep === 32 || w.sep === 45);
  if (!formatted && !(w.count === 1 && AADHAAR_CONTEXT.test(lowerBefore(fs.raw, w.offset, CONTEXT_SPAN)))) return false;
  if (!aadhaarValid(d)) return false;
  report(fs, PII_CODES.nationalId, w.offset, `Indian Aadhaar number (ending ${last4(d)}) passes the Verhoeff check: remove it; identity numbers must never be published`);
  return true;
}

function checkIpv4(fs: FileScan, chunk: Chunk, w: Window): boolean {
  if (w.count !== 4 || w.sep !== 46) return false;
  const raw = fs.raw;
  const text = chunk.groups.slice(w.s, w.e + 1).map((g) => g.digits).join('.');
  const octets = parseIpv4(text);
  if (!octets) return true; // a dotted quad that is not an address is nothing else either
  const before = raw.charCodeAt(w.offset - 1);
  if (before === 58 && (isHex(raw.charCodeAt(w.offset - 2)) || raw.charCodeAt(w.offset - 2) === 58)) return true; // IPv6 tail
  if (octets.every((o) => o < 10)) return true; // 1.2.3.4: version or section numbering
  if (VERSION_CONTEXT.test(lowerBefore(raw, w.offset, 24))) return true;
  if (!ipv4Public(octets)) return true;
  if (octets[3] === 0 || octets[3] === 255) return true; // a network or broadcast address names no host
  report(fs, PII_CODES.ip, w.offset, `Public IP address (${octets[0]}.${octets[1]}.x.x): remove it or use a documentation address (192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24)`);
  return true;
}

/** "12345678-Z", "X-1234567-L", "X1234567-L": Spanish ids written with dashes (glued forms are tokens). */
function checkDni(fs: FileScan, chunk: Chunk): void {
  const G = chunk.groups.length;
  const g = chunk.groups[G - 1]!;
  const raw = fs.raw;
  if ((g.digits.length !== 8 && g.digits.length !== 7) || g.close || g.open || chunk.plus) return;
  if (G > 1 && chunk.seps[G - 2] !== 32) return;
  let prefix = '';
  let start = g.start;
  if (g.digits.length === 7) {
    // NIE: the letter right before, or before a dash
    let k = g.start - 1;
    if (raw.charCodeAt(k) === 45) k--;
    const c = raw.charCodeAt(k);
    if ((c !== 88 && c !== 89 && c !== 90) || isWord(raw.charCodeAt(k - 1))) return;
    prefix = raw[k]!;
    start = k;
  } else if (G === 1 && !chunk.leftOk) {
    return;
  }
  let k = g.end;
  if (raw.charCodeAt(k) === 45) k++;
  if (k === g.end && prefix === '') return; // glued forms are handled as tokens
  const letter = raw.charCodeAt(k);
  if (!isUpper(letter) || isWord(raw.charCodeAt(k + 1))) return;
  reportDni(fs, start, prefix + g.digits + raw[k]!);
}

const DNI_SPECIMENS = new Set(['12345678Z', '00000000T', '11111111H', '99999999R', '87654321X']);

function phoneMessage(masked: string): string {
  return `Telephone number (${masked}) in a published file: remove it or use a fictional number (such as 555-01xx), unless it is a contact you mean to publish`;
}

function reportPhone(fs: FileScan, w: Window, digits: string, masked: string): void {
  if (fs.author().phones.has(digits.slice(-9))) return;
  report(fs, PII_CODES.phone, w.offset, phoneMessage(masked));
}

function checkPhone(fs: FileScan, chunk: Chunk, w: Window): boolean {
  const d = w.digits;
  const raw = fs.raw;
  // International: +CC ... (a "(0)" trunk marker after the code is dropped)
  if (w.s === 0 && chunk.plus) {
    let digits = '';
    for (let k = w.s; k <= w.e; k++) {
      const g = chunk.groups[k]!;
      if (k > w.s && g.digits === '0' && g.open && g.close) continue;
      digits += g.digits;
    }
    const status = internationalStatus(digits);
    if (status === 'invalid') return false;
    if (status === 'valid') reportPhone(fs, w, digits, `+${splitCountryCode(digits)?.cc ?? ''} … ${last4(digits)}`);
    return true;
  }
  if (fs.file.ext === 'svg') return false; // path data is full of digit groups
  if (d.length < 9 || w.crowded) return false;
  // 00 + country code
  if (w.count >= 2 && d.startsWith('00') && w.lens[0]! >= 2 && w.lens[0]! <= 5 && w.plain) {
    const status = internationalStatus(d.slice(2));
    if (status === 'valid') reportPhone(fs, w, d, `00… ${last4(d)}`);
    if (status !== 'invalid') return true;
  }
  if (d.length > 12) return false;
  // North American: (415) 555-0132, 415-555-0132, 415.555.0132, 415 555 0132, with an optional leading 1
  const nanp = nanpShape(chunk, w);
  if (nanp !== null) {
    const status = nanpStatus(nanp);
    if (status === 'fictional') return true;
    if (status === 'valid') {
      reportPhone(fs, w, nanp, `(•••) •••-${last4(nanp)}`);
      return true;
    }
  }
  const nanpInvalid = nanp !== null; // shaped like a North American number but not a valid one ("123-456-7890")
  // European-style national numbers with a trunk 0: 020 7123 4567, 030 1234567, 06 678 4343, 01 42 68 53 00, 09-7625400
  if (w.count >= 2 && d[0] === '0' && d[1] !== '0' && d.length <= 11 && trunkShape(chunk, w)) {
    if ((d.length === 11 && fictionalNumber('44', d.slice(1))) || (d.length === 10 && fictionalNumber('61', d.slice(1)))) return true;
    reportPhone(fs, w, d, `0… ${last4(d)}`);
    return true;
  }
  if (nanpInvalid) return false;
  // Weak shapes count only with a context word: bare runs and other groupings
  const before = lowerBefore(raw, w.offset, CONTEXT_SPAN);
  if (!PHONE_CONTEXT.test(before) || NOT_PHONE_CONTEXT.test(before)) return false;
  if (w.count === 1) {
    const nanpDigits = d.length === 11 && d[0] === '1' ? d.slice(1) : d;
    if (nanpDigits.length === 10 && d[0] !== '0') {
      const status = nanpStatus(nanpDigits);
      if (status === 'fictional') return true;
      if (status === 'valid') {
        reportPhone(fs, w, nanpDigits, `•••••• ${last4(d)}`);
        return true;
      }
    }
    const mobileCn = d.length === 11 && /^1[3-9]/.test(d);
    const trunk = (d.length === 10 || d.length === 11) && d[0] === '0' && d[1] !== '0';
    if ((mobileCn || trunk) && !allSame(d.slice(1))) {
      reportPhone(fs, w, d, `•••••• ${last4(d)}`);
      return true;
    }
    return false;
  }
  if (w.sep > 0 && w.plain && w.lens.every((len) => len >= 2 && len <= 4) && !allSame(d)) {
    reportPhone(fs, w, d, `•••••• ${last4(d)}`);
    return true;
  }
  return false;
}

/** The ten NANP digits when the window is shaped like a North American number, else null. */
function nanpShape(chunk: Chunk, w: Window): string | null {
  let k = w.s;
  const groups = chunk.groups;
  if (w.count === 4) {
    if (groups[k]!.digits !== '1' || groups[k]!.open) return null;
    const sep = chunk.seps[k]!;
    if (sep !== 32 && sep !== 45 && sep !== 46) return null;
    k++;
  } else if (w.count !== 3) {
    return null;
  }
  const a = groups[k]!;
  const b = groups[k + 1]!;
  const c = groups[k + 2]!;
  if (a.digits.length !== 3 || b.digits.length !== 3 || c.digits.length !== 4 || b.open || b.close || c.open) return null;
  const s1 = chunk.seps[k]!;
  const s2 = chunk.seps[k + 1]!;
  if (a.open && a.close) {
    if (s1 !== 32 && s1 !== 0) return null;
    if (s2 !== 45 && s2 !== 32 && s2 !== 46) return null;
  } else {
    if (a.open || a.close || s1 !== s2 || (s1 !== 45 && s1 !== 46 && s1 !== 32)) return null;
  }
  return a.digits + b.digits + c.digits;
}

/** A national number with a trunk 0: first group 0 plus 1-4 digits (maybe in parentheses), then groups of 2-8 digits with one separator. */
function trunkShape(chunk: Chunk, w: Window): boolean {
  const first = chunk.groups[w.s]!;
  const len0 = first.digits.length;
  if (len0 < 2 || len0 > 5 || first.open !== first.close) return false;
  let sep = -1;
  for (let k = w.s + 1; k <= w.e; k++) {
    const g = chunk.groups[k]!;
    if (g.open || g.close || g.digits.length < 2 || g.digits.length > 8) return false;
    if (k > w.s + 1) {
      const sk = chunk.seps[k - 1]!;
      if (sep === -1) sep = sk;
      else if (sep !== sk) return false;
    }
  }
  const s0 = chunk.seps[w.s]!;
  if (first.open) return s0 === 32 || s0 === 0;
  if (s0 !== 32 && s0 !== 45 && s0 !== 46) return false;
  return sep === -1 || sep === s0 || (s0 === 32 && sep === 45) || (s0 === 45 && sep === 32);
}

// ---------------------------------------------------------------------------------------------
// IBANs (seeded on two capitals and two digits)

/** Read an IBAN starting at `at` (compact, or in groups of four split by spaces or dashes); returns its end or -1. */
function scanIban(fs: FileScan, at: number): number {
  const raw = fs.raw;
  const len = ibanLength(raw.slice(at, at + 2));
  if (len === undefined) return -1;
  let p = at;
  let out = '';
  let sep = 0;
  let groupLen = 0;
  while (out.length < len && p < raw.length) {
    const c = raw.charCodeAt(p);
    if (isDigit(c) || isUpper(c)) {
      out += raw[p];
      groupLen++;
      p++;
    } else if ((c === 32 || c === 45) && groupLen === 4 && (sep === 0 || sep === c) && (isDigit(raw.charCodeAt(p + 1)) || isUpper(raw.charCodeAt(p + 1)))) {
      sep = c;
      groupLen = 0;
      p++;
    } else {
      break;
    }
  }
  if (out.length !== len || isWord(raw.charCodeAt(p)) || !ibanValid(out)) return -1;
  report(fs, PII_CODES.iban, at, `IBAN (${out.slice(0, 2)}…, ending ${last4(out)}) passes the mod-97 check: remove it; bank account numbers must never be published`);
  return p;
}

// ---------------------------------------------------------------------------------------------
// IPv6 and colon-separated MAC addresses (seeded on ':')

const isV6Char = (c: number): boolean => isHex(c) || c === 58 || c === 46;
const MAC_COLON = /^[0-9A-Fa-f]{2}(?::[0-9A-Fa-f]{2}){5}$/;

// A colon between hex digits, or "::" before one: every IPv6 address worth reporting and every
// colon MAC has one; prose colons ("Name: value") never are. Found from the colons (a native
// search for one character), in the order and at the places of the first match of
// /[0-9A-Fa-f]:[0-9A-Fa-f:]|::[0-9A-Fa-f]/g from each resume point: such a match starts right
// before a colon.
function isColonSeed(raw: string, c: number): boolean {
  const before = raw.charCodeAt(c - 1);
  const after = raw.charCodeAt(c + 1);
  return isHex(before) ? isHex(after) || after === 58 : before === 58 && isHex(after);
}

function scanColons(fs: FileScan): void {
  const raw = fs.raw;
  let from = 0; // the next seed starts at or after `from`, so its colon is at from + 1 or later
  for (let c = raw.indexOf(':', 1); c !== -1; c = raw.indexOf(':', Math.max(c + 1, from + 1))) {
    if (!isColonSeed(raw, c)) continue;
    if (++fs.work > MAX_WORK) return;
    from = colonSeed(fs, c);
    if (from < 0) return;
  }
}

/** Judge the token around the seed colon at `c`; returns where the next seed may start, or -1 when done. */
function colonSeed(fs: FileScan, c: number): number {
  const raw = fs.raw;
  const n = raw.length;
  let from = c + 1;
  let a = c;
  while (a > 0 && c - a < 45 && isV6Char(raw.charCodeAt(a - 1))) a--;
  let b = c + 1;
  while (b < n && b - a < 50 && isV6Char(raw.charCodeAt(b))) b++;
  if (b > from) from = b;
  let end = b;
  while (end > a && raw.charCodeAt(end - 1) === 46) end--;
  const token = raw.slice(a, end);
  let colons = 0;
  for (let k = 0; k < token.length; k++) if (token.charCodeAt(k) === 58) colons++;
  if (colons < 2 || isWord(raw.charCodeAt(a - 1))) return from;
  let after = end;
  if (raw.charCodeAt(after) === 37 /* % zone */) {
    after++;
    while (after < n && after - end < 16 && (isWord(raw.charCodeAt(after)) || raw.charCodeAt(after) === 46 || raw.charCodeAt(after) === 45)) after++;
  }
  if (isWord(raw.charCodeAt(after))) return from;
  if (MAC_COLON.test(token)) {
    checkMac(fs, a, token);
    return from;
  }
  const groups = parseIpv6(token);
  if (!groups || !ipv6Public(groups)) return from;
  if (VERSION_CONTEXT.test(lowerBefore(raw, a, 24))) return from;
  const shown = `${groups[0]!.toString(16)}:${groups[1]!.toString(16)}:…`;
  report(fs, PII_CODES.ip, a, `Public IP address (${shown}): remove it or use a documentation address (2001:db8::/32)`);
  if (saturated(fs, PII_CODES.ip) && saturated(fs, PII_CODES.mac)) return -1;
  return from;
}

function checkMac(fs: FileScan, offset: number, token: string): void {
  const hex = token.replace(/[^0-9A-Fa-f]/g, '').toLowerCase();
  if (hex.length !== 12 || /^0+$/.test(hex) || /^f+$/.test(hex)) return;
  report(fs, PII_CODES.mac, offset, `MAC address (${hex.slice(0, 2)}:${hex.slice(2, 4)}:…) identifies one device: remove it unless it is a placeholder`);
}

// ---------------------------------------------------------------------------------------------
// Regex-seeded shapes: dash and Cisco-dot MAC addresses, Bitcoin addresses, NIE and codice fiscale

const MAC_DASH = /[0-9A-Fa-f]{2}(?:-[0-9A-Fa-f]{2}){5}/y;
const MAC_DOT = /[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}/y;
// "-xx-" or ".xxxx.": the inside of a dashed or Cisco-dotted MAC, found by a native regex
const MAC_SEED = /[-.][0-9A-Fa-f]{2}(?:-|[0-9A-Fa-f]{2}\.)/g;
/** Hex digits, '-' and '.', over the whole UTF-16 range (no range test per read). */
const MAC_CHAR = new Uint8Array(65536);
for (const ch of '0123456789abcdefABCDEF-.') MAC_CHAR[ch.charCodeAt(0)] = 1;
/** The shorter MAC form (Cisco dots). */
const MIN_MAC = 14;
/** A run of MAC characters (MAC_CHAR), from where it is tried. */
const MAC_RUN = /[0-9A-Fa-f.-]+/y;

/**
 * MAC addresses written with dashes (00-1A-2B-3C-4D-5E) or in Cisco dots (0012.3456.789a).
 * A MAC and its seed are made of hex digits, '-' and '.' only, so both lie inside one run of such
 * characters at least MIN_MAC long: shorter runs are skipped (a seed in one could lead nowhere,
 * and the search never moves past its run), found by a skip search that reads about one
 * character per MIN_MAC of prose.
 */
function scanDelimitedMacs(fs: FileScan): void {
  const raw = fs.raw;
  // every seed holds a '-' or a '.': two native searches settle texts without either
  if (!raw.includes('-') && !raw.includes('.')) return;
  const n = raw.length;
  let p = 0; // raw[p - 1] is not a MAC character
  while (p + MIN_MAC <= n) {
    const probe = p + MIN_MAC - 1;
    if (MAC_CHAR[raw.charCodeAt(probe)] !== 1) {
      p = probe + 1;
      continue;
    }
    let start = probe;
    while (start > p && MAC_CHAR[raw.charCodeAt(start - 1)] === 1) start--;
    // Read on only as far as the run must reach to be long enough: in prose a run of hex letters
    // ("face", "bed.") ends within a few characters, and a call of the native search costs more
    // than those reads. A run that gets that far is read to its end natively (it can be the text).
    let end = probe + 1;
    const enough = start + MIN_MAC;
    while (end < enough && MAC_CHAR[raw.charCodeAt(end)] === 1) end++;
    if (end === enough && MAC_CHAR[raw.charCodeAt(end)] === 1) {
      MAC_RUN.lastIndex = end;
      MAC_RUN.test(raw);
      end = MAC_RUN.lastIndex;
    }
    if (end - start >= MIN_MAC && macsInRun(fs, start, end)) return;
    p = end + 1;
  }
}

/** The MACs of one run, as a search of the whole text finds them there; true once saturated. */
function macsInRun(fs: FileScan, from: number, to: number): boolean {
  const raw = fs.raw;
  // the seed has no lookaround, so it reads the run alone; the MAC shapes and boundaries read raw
  const run = raw.slice(from, to);
  MAC_SEED.lastIndex = 0;
  // test() builds no match array: the match ends at lastIndex, in "-" (4 long) or "." (6 long)
  while (MAC_SEED.test(run)) {
    const dash = run.charCodeAt(MAC_SEED.lastIndex - 1) === 45;
    const seed = from + MAC_SEED.lastIndex - (dash ? 4 : 6);
    MAC_SEED.lastIndex = seed - from + 1;
    // the seed sits after the first group; try the one start it allows
    const a = seed - (dash ? 2 : 4);
    if (a < 0) continue;
    const re = dash ? MAC_DASH : MAC_DOT;
    const total = dash ? 17 : 14;
    const before = raw.charCodeAt(a - 1);
    if (isWord(before) || before === 45 || before === 46 || before === 58) continue;
    re.lastIndex = a;
    if (!re.test(raw)) continue;
    MAC_SEED.lastIndex = a + total - from;
    const after = raw.charCodeAt(a + total);
    if (isWord(after) || after === 45 || after === 58 || (after === 46 && isWord(raw.charCodeAt(a + total + 1)))) continue;
    checkMac(fs, a, raw.slice(a, a + total));
    if (saturated(fs, PII_CODES.mac)) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// The manifest's author: its declared contact is public by intent, not a finding

const AUTHOR_KEYS = ['author', 'authors', 'maintainer', 'maintainers', 'contributors'];

const NO_AUTHOR: AuthorValues = { emails: new Set(), phones: new Set() };
const AUTHOR_PHONE = /\+?[\d ().-]{7,24}/g;
const DIGIT = /\d/;

function authorValues(manifest: Record<string, unknown> | null): AuthorValues {
  if (!manifest) return NO_AUTHOR;
  let out: { emails: Set<string>; phones: Set<string> } | null = null;
  for (const key of AUTHOR_KEYS) {
    const value = manifest[key];
    if (value === undefined) continue;
    out ??= { emails: new Set<string>(), phones: new Set<string>() };
    visitAuthor(value, 0, out);
  }
  return out ?? NO_AUTHOR;
}

function visitAuthor(value: unknown, depth: number, out: { emails: Set<string>; phones: Set<string> }): void {
  if (depth > 3) return;
  if (typeof value === 'string') {
    if (value.length > 2000) return;
    if (value.indexOf('@') !== -1) {
      extractEmails(value, (hit) => {
        out.emails.add(`${hit.local.toLowerCase()}@${hit.domain.toLowerCase()}`);
      });
    }
    // a run without a digit adds no phone: skip the search when the value has none
    if (DIGIT.test(value)) {
      for (const run of value.match(AUTHOR_PHONE) ?? []) {
        const digits = run.replace(/\D/g, '');
        if (digits.length >= 9 && digits.length <= 15) out.phones.add(digits.slice(-9));
      }
    }
  } else if (Array.isArray(value)) {
    for (const v of value.slice(0, 50)) visitAuthor(v, depth + 1, out);
  } else if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value as Record<string, unknown>).slice(0, 50)) visitAuthor(v, depth + 1, out);
  }
}

// ---------------------------------------------------------------------------------------------

function scanFile(file: TextFile, emit: Emit, author: () => AuthorValues): void {
  const fs: FileScan = { file, raw: file.raw, emit, author, best: null, work: 0 };
  if (fs.raw.indexOf('@') !== -1) scanEmails(fs);
  scanNumbers(fs);
  scanColons(fs);
  scanDelimitedMacs(fs);
}

/**
 * The personal-data family: SEC120..SEC127.
 *
 * @example
 * const ctx = createScanContext({ 'SOUL.md': 'Card: 4539 1488 0343 6467' });
 * pii.check(ctx, (f) => console.log(f.code)); // SEC122
 */
export const pii: RuleFamily = {
  name: 'pii',
  rules: RULES,
  check(ctx: ScanContext, emit: Emit): void {
    let values: AuthorValues | undefined;
    const author = (): AuthorValues => (values ??= authorValues(ctx.manifest));
    for (const file of ctx.texts) scanFile(file, emit, author);
  },
};
