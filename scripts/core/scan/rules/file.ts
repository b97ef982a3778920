// Rule family: file. (Stub: owned by the work that fills it in.)
import type { RuleFamily } from '../types.ts';

export const file: RuleFamily = {
  name: 'file',
  rules: [],
  check() {},
};
