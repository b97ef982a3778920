// Rule family: injection. (Stub: owned by the work that fills it in.)
import type { RuleFamily } from '../types.ts';

export const injection: RuleFamily = {
  name: 'injection',
  rules: [],
  check() {},
};
