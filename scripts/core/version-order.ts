// The order of soul versions (MAJOR.MINOR.PATCH compared numerically), shared by the build's history
// walk and the publish gate.

/**
 * Compare two MAJOR.MINOR.PATCH versions numerically: negative, 0 or positive (-1, 0, 1).
 *
 * @example compareVersion('1.10.0', '1.9.3') // 1
 */
export function compareVersion(a: string, b: string): number {
  const pa = a.split('.');
  const pb = b.split('.');
  for (let i = 0; i < 3; i++) {
    const d = Number(pa[i]) - Number(pb[i]);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}
