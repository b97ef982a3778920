// Rule family: evasion. (Stub: owned by the work that fills it in.)
import type { RuleFamily } from '../types.ts';

export const evasion: RuleFamily = {
  name: 'evasion',
  rules: [],
  check() {},
};
