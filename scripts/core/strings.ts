// Small string helpers that stay linear on any input (a regex like /\n+$/ is quadratic on a long
// run of the character that does not end the string).

/** `s` without the trailing run of `ch` (one UTF-16 unit). */
export function trimTrailing(s: string, ch: string): string {
  let end = s.length;
  while (end > 0 && s[end - 1] === ch) end--;
  return end === s.length ? s : s.slice(0, end);
}

/** `s` without the leading run of `ch` (one UTF-16 unit). */
export function trimLeading(s: string, ch: string): string {
  let start = 0;
  while (start < s.length && s[start] === ch) start++;
  return start === 0 ? s : s.slice(start);
}
