// Git object shapes and parsers (commit and tree content, without the `type size\0` header).

export type GitObjectType = 'commit' | 'tree' | 'blob' | 'tag';

export interface GitObject {
  type: GitObjectType;
  /** Object content without the header. Do not modify: it may be shared with the reader's cache. */
  data: Uint8Array;
}

export interface GitPerson {
  name: string;
  email: string;
  /** Seconds since the epoch. */
  timestamp: number;
  /** Minutes, with isomorphic-git's (and JavaScript Date's) sign: `+0100` is -60. */
  timezoneOffset: number;
}

export interface GitCommit {
  tree: string;
  /** Parent oids, first parent first. */
  parents: string[];
  author: GitPerson;
  committer: GitPerson;
  /** Message exactly as stored (everything after the blank line that ends the headers). */
  message: string;
}

export interface GitTreeEntry {
  /** Octal mode as isomorphic-git writes it: `100644`, `100755`, `120000`, `040000`, `160000`. */
  mode: string;
  /** Entry name (one path segment). */
  path: string;
  oid: string;
  type: 'blob' | 'tree' | 'commit';
}

const NO_PERSON: GitPerson = { name: '', email: '', timestamp: 0, timezoneOffset: 0 };
const utf8 = new TextDecoder('utf-8');

function parsePerson(value: string): GitPerson {
  const gt = value.lastIndexOf('> ');
  const lt = gt < 0 ? -1 : value.lastIndexOf(' <', gt);
  if (lt < 0) return { ...NO_PERSON, name: value };
  const [ts = '0', tz = '+0000'] = value.slice(gt + 2).split(' ');
  const m = /^([+-])(\d\d)(\d\d)$/.exec(tz);
  let minutes = m ? (m[1] === '+' ? 1 : -1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  minutes = minutes === 0 ? 0 : -minutes;
  return { name: value.slice(0, lt), email: value.slice(lt + 2, gt), timestamp: Number(ts) || 0, timezoneOffset: minutes };
}

/** Parse commit content: `tree`, the run of `parent` lines after it, first author and committer, message. */
export function parseCommit(data: Uint8Array): GitCommit {
  const text = utf8.decode(data);
  const end = text.indexOf('\n\n');
  const headerText = end < 0 ? text : text.slice(0, end);
  const message = end < 0 ? '' : text.slice(end + 2);
  const lines = headerText.split('\n');
  let tree = '';
  const parents: string[] = [];
  let author: GitPerson | null = null;
  let committer: GitPerson | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith(' ')) continue; // continuation of a multi-line header (gpgsig, mergetag)
    const sp = line.indexOf(' ');
    const key = sp < 0 ? line : line.slice(0, sp);
    const value = sp < 0 ? '' : line.slice(sp + 1);
    if (i === 0) {
      if (key !== 'tree') throw new Error('commit does not start with a tree header');
      tree = value;
    } else if (key === 'parent' && parents.length === i - 1) {
      parents.push(value);
    } else if (key === 'author' && !author) {
      author = parsePerson(value);
    } else if (key === 'committer' && !committer) {
      committer = parsePerson(value);
    }
  }
  return { tree, parents, author: author ?? { ...NO_PERSON }, committer: committer ?? { ...NO_PERSON }, message };
}

/** The type of a tree entry from its mode. */
export function entryType(mode: string): GitTreeEntry['type'] {
  if (mode === '040000' || mode === '40000') return 'tree';
  if (mode === '160000') return 'commit';
  return 'blob';
}

const HEX: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Hex of 20 bytes at `offset`. */
export function oidAt(buf: Uint8Array, offset: number): string {
  let s = '';
  for (let i = offset; i < offset + 20; i++) s += HEX[buf[i]!]!;
  return s;
}

/** Decode a range of bytes as UTF-8. */
export function decodeRange(buf: Uint8Array, start: number, end: number): string {
  let ascii = true;
  for (let i = start; i < end; i++) {
    if (buf[i]! >= 0x80) {
      ascii = false;
      break;
    }
  }
  if (!ascii) return utf8.decode(buf.subarray(start, end));
  let s = '';
  for (let i = start; i < end; i++) s += String.fromCharCode(buf[i]!);
  return s;
}

/**
 * Parse one tree entry at `pos` (`<mode> <name>\0<20-byte oid>`).
 * Returns the entry and the position of the next one.
 */
export function parseTreeEntryAt(buf: Uint8Array, pos: number): { entry: GitTreeEntry; next: number } {
  const sp = buf.indexOf(0x20, pos);
  const nul = sp < 0 ? -1 : buf.indexOf(0, sp + 1);
  if (sp < 0 || nul < 0 || nul + 21 > buf.length) throw new Error('malformed tree entry');
  let mode = decodeRange(buf, pos, sp);
  if (mode.length === 5) mode = `0${mode}`;
  return { entry: { mode, path: decodeRange(buf, sp + 1, nul), oid: oidAt(buf, nul + 1), type: entryType(mode) }, next: nul + 21 };
}

/** Parse a whole tree. */
export function parseTree(data: Uint8Array): GitTreeEntry[] {
  const entries: GitTreeEntry[] = [];
  let pos = 0;
  while (pos < data.length) {
    const { entry, next } = parseTreeEntryAt(data, pos);
    entries.push(entry);
    pos = next;
  }
  return entries;
}
