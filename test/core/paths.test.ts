import { describe, expect, it } from 'vitest';
import {
  MAX_FILE_NAME_LENGTH,
  MAX_SOUL_NAME_LENGTH,
  checkFileName,
  checkFileNames,
  checkOwner,
  checkSoulName,
  normalizeOwner,
  quoteName,
  slugify,
  validateSoulId,
} from '../../scripts/core/paths.ts';

describe('validateSoulId', () => {
  it('accepts a lower-case owner and name', () => {
    expect(validateSoulId('tomleelive', 'senior-devops-engineer')).toBeNull();
  });

  it('rejects an owner in upper case and suggests the lower-case form', () => {
    expect(validateSoulId('TomLeeLive', 'tutor')).toContain('use "tomleelive"');
  });

  it('rejects an owner longer than a GitHub login', () => {
    expect(checkOwner('a'.repeat(40))).toMatch(/at most 39/);
  });

  it('rejects an owner starting with a hyphen', () => {
    expect(checkOwner('-bad')).toMatch(/not a valid namespace/);
  });

  it('rejects a name with a path in it', () => {
    expect(validateSoulId('alice', '../etc')).toMatch(/^name "..\/etc" is not valid/);
  });

  it('suggests a slug for a name with spaces and capitals', () => {
    expect(checkSoulName('My Soul')).toContain('e.g. "my-soul"');
  });

  it('rejects a name longer than 64 characters', () => {
    expect(checkSoulName('a'.repeat(MAX_SOUL_NAME_LENGTH + 1))).toMatch(/at most 64/);
    expect(checkSoulName('a'.repeat(MAX_SOUL_NAME_LENGTH))).toBeNull();
  });

  it('rejects a missing name', () => {
    expect(validateSoulId('alice', '')).toMatch(/name is missing/);
    expect(validateSoulId('alice', undefined)).toMatch(/name is missing/);
  });

  it('normalises an owner login to lower case', () => {
    expect(normalizeOwner('Octo-Cat')).toBe('octo-cat');
  });

  it('slugifies accents and punctuation', () => {
    expect(slugify('Café  Crème!')).toBe('cafe-creme');
  });
});

describe('checkFileName', () => {
  it.each(['SOUL.md', 'IDENTITY.md', 'examples/good-outputs.md', 'avatar/avatar.png', 'Notes (draft) v2.md', 'héllo.md'])('accepts %s', (name) => {
    expect(checkFileName(name)).toBeNull();
  });

  it('rejects a leading .. segment', () => {
    expect(checkFileName('../x')).toMatch(/"\.\." or "\." segment/);
  });

  it('rejects .. segments in the middle of a path', () => {
    expect(checkFileName('a/../../b')).toMatch(/"\.\." or "\." segment/);
  });

  it('rejects a . segment', () => {
    expect(checkFileName('./SOUL.md')).toMatch(/"\.\." or "\." segment/);
  });

  it('rejects an absolute path', () => {
    expect(checkFileName('/etc/passwd')).toMatch(/absolute path/);
  });

  it('rejects a backslash', () => {
    expect(checkFileName('a\\b')).toMatch(/backslash/);
  });

  it('rejects a drive letter', () => {
    expect(checkFileName('C:x')).toMatch(/":".*drive letters/);
  });

  it('rejects a NUL character', () => {
    expect(checkFileName('SOUL.md\u0000.png')).toMatch(/control character U\+0000/);
  });

  it('rejects a right-to-left override', () => {
    expect(checkFileName('evil\u202emd.exe')).toMatch(/text-direction character U\+202E/);
  });

  it('rejects a zero-width space', () => {
    expect(checkFileName('SO\u200bUL.md')).toMatch(/U\+200B/);
  });

  it('rejects Windows device names whatever the extension or case', () => {
    expect(checkFileName('CON.md')).toMatch(/device name/);
    expect(checkFileName('docs/nul.txt')).toMatch(/device name/);
    expect(checkFileName('lpt1')).toMatch(/device name/);
  });

  it('accepts names that only start like a device name', () => {
    expect(checkFileName('CONTRIBUTING.md')).toBeNull();
    expect(checkFileName('console.md')).toBeNull();
  });

  it('rejects a trailing dot or space', () => {
    expect(checkFileName('SOUL.md.')).toMatch(/ends with a dot or a space/);
    expect(checkFileName('notes /a.md')).toMatch(/ends with a dot or a space/);
  });

  it('rejects a .git segment in any case', () => {
    expect(checkFileName('.git/config')).toMatch(/\.git/);
    expect(checkFileName('.GIT')).toMatch(/\.git/);
  });

  it('rejects three levels of folders', () => {
    expect(checkFileName('a/b/c.md')).toMatch(/3 levels deep/);
  });

  it('rejects an empty segment', () => {
    expect(checkFileName('a//b.md')).toMatch(/empty folder name/);
    expect(checkFileName('examples/')).toMatch(/empty folder name/);
  });

  it('rejects a name that is not NFC and shows the NFC form', () => {
    expect(checkFileName('he\u0301llo.md')).toMatch(/NFC form; save it as "h\u00e9llo\.md"/);
  });

  it('rejects shell and URL characters', () => {
    expect(checkFileName('a*b.md')).toMatch(/"\*"/);
    expect(checkFileName('a?.md')).toMatch(/"\?"/);
    expect(checkFileName('a#b.md')).toMatch(/"#"/);
    expect(checkFileName('~/x.md')).toMatch(/"~"/);
  });

  it('rejects a segment mixing Latin with Cyrillic look-alikes', () => {
    expect(checkFileName('S\u041eUL.md')).toMatch(/Cyrillic or Greek/);
  });

  it('rejects a name over the length limit', () => {
    expect(checkFileName(`${'a'.repeat(MAX_FILE_NAME_LENGTH)}.md`)).toMatch(/characters long/);
  });

  it('rejects an empty name and a non-string', () => {
    expect(checkFileName('')).toMatch(/empty/);
    expect(checkFileName(42)).toMatch(/must be a string/);
  });
});

describe('checkFileNames', () => {
  it('reports names equal ignoring case', () => {
    const problems = checkFileNames(['SOUL.md', 'soul.md']);
    expect(problems).toEqual([{ name: 'soul.md', kind: 'collision', problem: expect.stringContaining('same as "SOUL.md"') }]);
  });

  it('reports an NFD name colliding with its NFC twin', () => {
    const problems = checkFileNames(['caf\u00e9.md', 'cafe\u0301.md']);
    expect(problems.map((p) => p.kind).sort()).toEqual(['collision', 'unsafe']);
  });

  it('reports names equal under full case folding', () => {
    expect(checkFileNames(['stra\u00dfe.md', 'STRASSE.md'])).toHaveLength(1);
  });

  it('reports a file that is also used as a folder', () => {
    const problems = checkFileNames(['examples', 'examples/good.md']);
    expect(problems[0]?.problem).toMatch(/uses it as a folder/);
  });

  it('reports nothing for distinct safe names', () => {
    expect(checkFileNames(['soul.json', 'SOUL.md', 'IDENTITY.md', 'examples/good.md', 'examples/bad.md'])).toEqual([]);
  });

  it('reports each unsafe name with its problem', () => {
    const problems = checkFileNames(['SOUL.md', '../x', '/etc/passwd']);
    expect(problems.map((p) => p.name)).toEqual(['../x', '/etc/passwd']);
  });
});

describe('quoteName', () => {
  it('escapes direction and control characters so a message cannot be reordered', () => {
    expect(quoteName('a\u202eb\u0000')).toBe('"a\\u{202E}b\\u{0}"');
  });

  it('cuts long names', () => {
    expect(quoteName('x'.repeat(200), 10)).toBe(`"${'x'.repeat(10)}…"`);
  });
});
