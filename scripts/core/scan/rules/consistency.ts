// Rule family: consistency. (Stub: owned by the work that fills it in.)
import type { RuleFamily } from '../types.ts';

export const consistency: RuleFamily = {
  name: 'consistency',
  rules: [],
  check() {},
};
