// Rule family: markup. (Stub: owned by the work that fills it in.)
import type { RuleFamily } from '../types.ts';

export const markup: RuleFamily = {
  name: 'markup',
  rules: [],
  check() {},
};
