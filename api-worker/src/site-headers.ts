// The website's `_headers` file (Cloudflare's format): parsed once, applied to every site response
// by the Node entry and the Workers entry alike.

export interface HeaderRule {
  re: RegExp;
  headers: [string, string][];
}

/** Parse a `_headers` file: a URL pattern (with `*` splats) at column 0, its `Name: value` lines indented below. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const pattern = line.trim().replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/:[A-Za-z]\w*/g, '[^/]+');
      current = { re: new RegExp(`^${pattern}$`), headers: [] };
      rules.push(current);
      continue;
    }
    const colon = line.indexOf(':');
    if (current && colon > 0) current.headers.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/** Set the headers of every rule matching the path. */
export function applySiteHeaders(headers: Headers, rules: readonly HeaderRule[], pathname: string): void {
  for (const rule of rules) if (rule.re.test(pathname)) for (const [k, v] of rule.headers) headers.set(k, v);
}
