// Rule family: destructive. (Stub: owned by the work that fills it in.)
import type { RuleFamily } from '../types.ts';

export const destructive: RuleFamily = {
  name: 'destructive',
  rules: [],
  check() {},
};
