// `soul rules`: the SoulScan rule table, the same shape `GET /scan-rules` serves.
import { RULES, RULESET_VERSION, SCANNER_VERSION } from '../../core/index.ts';
import { buildRuleTable, renderRuleTableText } from '../../core/render/rules.ts';
import { EXIT, oneOf, type Command } from '../lib/command.ts';

export const command: Command = {
  name: 'rules',
  summary: 'List the SoulScan rules (id, stage, severity, category, description)',
  usage: `Usage: soul rules [--format text|json]

Prints every rule SoulScan runs. --format json prints { version, scannerVersion, rules },
the body of GET /scan-rules.`,
  maxPositionals: 0,
  options: {
    format: { type: 'string', short: 'f', help: 'output format: text (default) or json', valueName: 'format' },
  },
  run({ values }, io) {
    const format = oneOf(values['format'], ['text', 'json'] as const, 'format', 'rules', 'text');
    const table = buildRuleTable({ rules: RULES, version: RULESET_VERSION, scannerVersion: SCANNER_VERSION });
    io.out(format === 'json' ? `${JSON.stringify(table, null, 2)}\n` : renderRuleTableText(table, io.paint));
    return EXIT.ok;
  },
};
