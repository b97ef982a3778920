// Rule family: embodied. (Stub: owned by the work that fills it in.)
import type { RuleFamily } from '../types.ts';

export const embodied: RuleFamily = {
  name: 'embodied',
  rules: [],
  check() {},
};
