// The command table of `soul`: name → one-line summary and a lazy loader of its module.
// To add a command, write commands/<name>.ts exporting `command: Command` and add one line here.
import type { Command } from '../lib/command.ts';

export interface CommandEntry {
  readonly summary: string;
  readonly load: () => Promise<Command>;
}

export const COMMANDS: Readonly<Record<string, CommandEntry>> = {
  init: { summary: 'Create a new soul (soul.json, SOUL.md, IDENTITY.md) from the template', load: async () => (await import('./init.ts')).command },
  scan: { summary: 'Scan souls with SoulScan, offline, with the same verdict as the registry', load: async () => (await import('./scan.ts')).command },
  validate: { summary: 'Check a soul like POST /validate: schema, license and scan', load: async () => (await import('./validate.ts')).command },
  build: { summary: 'Build the static registry tree (dist/) from the git history of souls/', load: async () => (await import('./build.ts')).command },
  rules: { summary: 'List the SoulScan rules (id, stage, severity, category, description)', load: async () => (await import('./rules.ts')).command },
};
