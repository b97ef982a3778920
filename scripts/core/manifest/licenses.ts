// License policy of the registry (DESIGN section 3): an allow-list of permissive licenses,
// copyleft and non-commercial / no-derivatives licenses refused, anything else a warning.

/** SPDX ids that are allowed without comment. */
export const ALLOWED_LICENSES = ['Apache-2.0', 'MIT', 'BSD-2-Clause', 'BSD-3-Clause', 'CC-BY-4.0', 'CC0-1.0', 'ISC', 'Unlicense'] as const;

// GPL-*, AGPL-*, LGPL-* (also "GPLv3", "GPL"), CC-BY-NC-*, CC-BY-ND-* (also CC-BY-NC-SA, CC-BY-NC-ND).
const DISALLOWED_RE = /^(?:a|l)?gpl(?:$|[-v\d .])|^cc-by-n[cd](?:$|-)/i;

export type LicenseStatus = 'allowed' | 'disallowed' | 'unknown';

export interface LicenseVerdict {
  status: LicenseStatus;
  /** What was found and what to do; present for every status. */
  message: string;
}

const ALLOWED_LIST = ALLOWED_LICENSES.join(', ');
const ALLOWED_SET: ReadonlySet<string> = new Set(ALLOWED_LICENSES);

function classifyId(id: string): { status: LicenseStatus; canonical?: string } {
  const exact = (ALLOWED_LICENSES as readonly string[]).includes(id);
  if (exact) return { status: 'allowed', canonical: id };
  if (DISALLOWED_RE.test(id)) return { status: 'disallowed' };
  const folded = ALLOWED_LICENSES.find((l) => l.toLowerCase() === id.toLowerCase());
  return folded ? { status: 'unknown', canonical: folded } : { status: 'unknown' };
}

/**
 * Whether a license is one allowed id as it is: exactly when `checkLicense` answers 'allowed' at
 * once, without building its message.
 *
 * @example isAllowedLicenseId('MIT') // true
 */
export function isAllowedLicenseId(license: string): boolean {
  return ALLOWED_SET.has(license);
}

/**
 * Check a license id or a simple SPDX expression ("MIT OR Apache-2.0").
 *
 * @example checkLicense('MIT') // { status: 'allowed', message: 'license MIT allowed' }
 * @example checkLicense('GPL-3.0-only').status // 'disallowed'
 * @example checkLicense('mit').message // 'license "mit" is not an SPDX id on the allowed list; write "MIT"'
 */
export function checkLicense(license: string): LicenseVerdict {
  // An allowed id on its own (no space, no parenthesis, at most 60 characters) is one token that
  // passes: the common case, answered without tokenising.
  if (ALLOWED_SET.has(license)) return { status: 'allowed', message: `license ${license} allowed` };
  const shown = license.length > 60 ? `${license.slice(0, 57)}...` : license;
  const tokens = license.slice(0, 200).replace(/[()]/g, ' ').split(/\s/).filter((t) => t.length > 0);
  const operators = tokens.filter((t) => /^(?:or|and|with)$/i.test(t)).map((t) => t.toUpperCase());
  const parts = tokens.filter((t) => !/^(?:or|and|with)$/i.test(t));
  if (parts.length === 0) parts.push(license);
  const isOr = operators.length > 0 && operators.every((o) => o === 'OR');
  const verdicts = parts.map((p) => classifyId(p));
  if (verdicts.every((v) => v.status === 'allowed')) return { status: 'allowed', message: `license ${shown} allowed` };
  const anyAllowed = verdicts.some((v) => v.status === 'allowed');
  const wholeDisallowed = operators.length === 0 && DISALLOWED_RE.test(license.trim().slice(0, 200).replace(/\s+/g, '-'));
  if ((wholeDisallowed || verdicts.some((v) => v.status === 'disallowed')) && !(isOr && anyAllowed)) {
    return {
      status: 'disallowed',
      message: `license "${shown}" is not allowed (copyleft, non-commercial and no-derivatives licenses are refused); use one of ${ALLOWED_LIST}`,
    };
  }
  if (isOr && anyAllowed) {
    const pick = verdicts.find((v) => v.status === 'allowed')?.canonical ?? 'MIT';
    return { status: 'unknown', message: `license "${shown}" offers a choice; declare only the allowed one, e.g. "${pick}"` };
  }
  const single = verdicts.length === 1 ? verdicts[0] : undefined;
  if (single?.canonical) return { status: 'unknown', message: `license "${shown}" is not an SPDX id on the allowed list; write "${single.canonical}"` };
  return { status: 'unknown', message: `license "${shown}" is not on the allowed list; it is accepted with a warning, or use one of ${ALLOWED_LIST}` };
}
