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
  check: { summary: 'Check a pull request like the registry gate: souls touched, namespace, version, SoulScan', load: async () => (await import('./check.ts')).command },
  build: { summary: 'Build the static registry tree (dist/) from the git history of souls/', load: async () => (await import('./build.ts')).command },
  serve: { summary: 'Run the registry locally: API and website on localhost, seeded from souls/ history', load: async () => (await import('./serve.ts')).command },
  rules: { summary: 'List the SoulScan rules (id, stage, severity, category, description)', load: async () => (await import('./rules.ts')).command },
  login: { summary: 'Log in to a registry: store a personal token (cs_...) or sign in with GitHub', load: async () => (await import('./login.ts')).command },
  logout: { summary: 'Forget the token stored for a registry', load: async () => (await import('./logout.ts')).command },
  whoami: { summary: 'Show the account you are logged in as on the registry (username and tier)', load: async () => (await import('./whoami.ts')).command },
  publish: { summary: 'Publish a soul folder to the registry (PUT /souls/{owner}/{name}/publish)', load: async () => (await import('./publish.ts')).command },
  install: { summary: 'Install a soul from the registry into a folder (GET /bundle/{owner}/{name})', load: async () => (await import('./install.ts')).command },
  admin: { summary: 'Administer the local registry: tokens, scan keys, accounts, reports', load: async () => (await import('./admin.ts')).command },
};
