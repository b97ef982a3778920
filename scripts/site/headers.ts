// The site's response headers as a `_headers` file (the Cloudflare Pages / Workers static assets
// format): a strict Content-Security-Policy and the usual hardening headers for every path, long
// caching for content-hashed assets, cross-origin use of badges. Also a parser and a matcher of
// that format, so a Node server can apply the very same file. Pure (no Node imports).
//
// Format: a line starting at column 0 is a URL path pattern (`*` matches any characters, `:name`
// one path segment); each following line indented by two spaces is `Name: value`, or `! Name` to
// remove a header set by an earlier rule. `#` starts a comment line. Every rule whose pattern
// matches a path applies, in file order; a header set by two rules gets both values joined by ", ".

/** One rule of a `_headers` file. */
export interface HeaderRule {
  pattern: string;
  /** Headers in file order (names as written). */
  set: [name: string, value: string][];
  /** Header names removed (the `! Name` lines), lower case. */
  detach: string[];
}

/** The Content-Security-Policy of every page: nothing inline, nothing from another origin. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'none'",
  "object-src 'none'",
  "frame-src 'none'",
  "worker-src 'none'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The rules the site build writes to `<out>/_headers`. */
export const SITE_HEADER_RULES: readonly HeaderRule[] = [
  {
    pattern: '/*',
    set: [
      ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
      ['X-Content-Type-Options', 'nosniff'],
      ['X-Frame-Options', 'DENY'],
      ['Referrer-Policy', 'strict-origin-when-cross-origin'],
      ['Permissions-Policy', 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()'],
      ['Cross-Origin-Opener-Policy', 'same-origin'],
    ],
    detach: [],
  },
  // Content-hashed build assets and content-addressed package images never change.
  { pattern: '/_astro/*', set: [['Cache-Control', 'public, max-age=31536000, immutable']], detach: [] },
  { pattern: '/soul-files/*', set: [['Cache-Control', 'public, max-age=31536000, immutable']], detach: [] },
  // Badges are embedded in READMEs on other sites.
  { pattern: '/badge/*', set: [['Cache-Control', 'public, max-age=300'], ['Cross-Origin-Resource-Policy', 'cross-origin']], detach: [] },
  { pattern: '/data/*', set: [['Cache-Control', 'public, max-age=300']], detach: [] },
];

/**
 * Render rules as a `_headers` file.
 *
 * @example renderHeadersFile([{ pattern: '/*', set: [['X-Content-Type-Options', 'nosniff']], detach: [] }])
 * // '/*\n  X-Content-Type-Options: nosniff\n'
 */
export function renderHeadersFile(rules: readonly HeaderRule[] = SITE_HEADER_RULES, comment?: string): string {
  const lines: string[] = [];
  if (comment) for (const line of comment.split('\n')) lines.push(`# ${line}`);
  for (const rule of rules) {
    lines.push(rule.pattern);
    for (const name of rule.detach) lines.push(`  ! ${name}`);
    for (const [name, value] of rule.set) lines.push(`  ${name}: ${value}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Parse a `_headers` file. Lines that fit no form are ignored (as the hosts do).
 *
 * @example parseHeadersFile('/*\n  X-Frame-Options: DENY\n')[0].set // [['X-Frame-Options', 'DENY']]
 */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    if (line[0] !== ' ' && line[0] !== '\t') {
      current = { pattern: trimmed, set: [], detach: [] };
      rules.push(current);
      continue;
    }
    if (current === null) continue;
    if (trimmed.startsWith('!')) {
      const name = trimmed.slice(1).trim().toLowerCase();
      if (name !== '') current.detach.push(name);
      continue;
    }
    const colon = trimmed.indexOf(':');
    if (colon <= 0) continue;
    const name = trimmed.slice(0, colon).trim();
    const value = trimmed.slice(colon + 1).trim();
    if (name !== '' && /^[A-Za-z0-9-]+$/.test(name)) current.set.push([name, value]);
  }
  return rules;
}

type Token = { kind: 'text'; text: string } | { kind: 'splat' } | { kind: 'segment' };

function tokenize(pattern: string): Token[] {
  const tokens: Token[] = [];
  let text = '';
  let i = 0;
  while (i < pattern.length) {
    const ch = pattern[i]!;
    if (ch === '*') {
      if (text) tokens.push({ kind: 'text', text });
      text = '';
      tokens.push({ kind: 'splat' });
      i++;
    } else if (ch === ':' && (i === 0 || pattern[i - 1] === '/') && /[A-Za-z]/.test(pattern[i + 1] ?? '')) {
      if (text) tokens.push({ kind: 'text', text });
      text = '';
      i++;
      while (i < pattern.length && /[A-Za-z0-9_]/.test(pattern[i]!)) i++;
      tokens.push({ kind: 'segment' });
    } else {
      text += ch;
      i++;
    }
  }
  if (text) tokens.push({ kind: 'text', text });
  return tokens;
}

/**
 * Whether a path matches a pattern (`*` any characters, `:name` one non-empty segment). A table
 * of (token, position) states, so the time is bounded by pattern length × path length.
 *
 * @example matchHeaderPattern('/badge/*', '/badge/acme/tutor.svg') // true
 */
export function matchHeaderPattern(pattern: string, path: string): boolean {
  const tokens = tokenize(pattern);
  // reachable[j]: the tokens so far can consume exactly path[0..j).
  let reachable = new Uint8Array(path.length + 1);
  reachable[0] = 1;
  for (const token of tokens) {
    const next = new Uint8Array(path.length + 1);
    for (let j = 0; j <= path.length; j++) {
      if (!reachable[j]) continue;
      if (token.kind === 'text') {
        if (path.startsWith(token.text, j)) next[j + token.text.length] = 1;
      } else if (token.kind === 'splat') {
        for (let k = j; k <= path.length && !next[k]; k++) next[k] = 1;
      } else {
        for (let k = j; k < path.length && path[k] !== '/'; k++) next[k + 1] = 1;
      }
    }
    reachable = next;
  }
  return reachable[path.length] === 1;
}

/**
 * The headers for a path: every matching rule in order; a repeated header's values are joined
 * with ", "; `! Name` removes what earlier rules set.
 *
 * @example headersForPath(parseHeadersFile(text), '/souls/acme/tutor/')['Content-Security-Policy']
 */
export function headersForPath(rules: readonly HeaderRule[], path: string): Record<string, string> {
  const out = new Map<string, { name: string; value: string }>();
  for (const rule of rules) {
    if (!matchHeaderPattern(rule.pattern, path)) continue;
    for (const name of rule.detach) out.delete(name);
    for (const [name, value] of rule.set) {
      const key = name.toLowerCase();
      const prev = out.get(key);
      out.set(key, prev ? { name: prev.name, value: `${prev.value}, ${value}` } : { name, value });
    }
  }
  const result: Record<string, string> = {};
  for (const { name, value } of out.values()) result[name] = value;
  return result;
}
