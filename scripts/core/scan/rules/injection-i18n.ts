// Rule family: injection-i18n. (Stub: owned by the work that fills it in.)
import type { RuleFamily } from '../types.ts';

export const injectionI18n: RuleFamily = {
  name: 'injection-i18n',
  rules: [],
  check() {},
};
