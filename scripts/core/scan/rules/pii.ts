// Rule family: pii. (Stub: owned by the work that fills it in.)
import type { RuleFamily } from '../types.ts';

export const pii: RuleFamily = {
  name: 'pii',
  rules: [],
  check() {},
};
