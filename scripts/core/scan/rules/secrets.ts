// Rule family: secrets. (Stub: owned by the work that fills it in.)
import type { RuleFamily } from '../types.ts';

export const secrets: RuleFamily = {
  name: 'secrets',
  rules: [],
  check() {},
};
