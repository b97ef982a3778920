// Rule family: quality. (Stub: owned by the work that fills it in.)
import type { RuleFamily } from '../types.ts';

export const quality: RuleFamily = {
  name: 'quality',
  rules: [],
  check() {},
};
