// Rule family: classifier. (Stub: owned by the work that fills it in.)
import type { RuleFamily } from '../types.ts';

export const classifier: RuleFamily = {
  name: 'classifier',
  rules: [],
  check() {},
};
