// Rule family: harmful. (Stub: owned by the work that fills it in.)
import type { RuleFamily } from '../types.ts';

export const harmful: RuleFamily = {
  name: 'harmful',
  rules: [],
  check() {},
};
