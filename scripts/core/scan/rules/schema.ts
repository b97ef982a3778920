// Rule family: schema. (Stub: owned by the work that fills it in.)
import type { RuleFamily } from '../types.ts';

export const schema: RuleFamily = {
  name: 'schema',
  rules: [],
  check() {},
};
