// `soul whoami`: who the registry takes you for (GET /auth/me with the stored token or SOUL_TOKEN).
import { sanitizeTerminal } from '../../core/render/text.ts';
import { EXIT, type Command } from '../lib/command.ts';
import { maskToken } from '../lib/credentials.ts';
import { createOnlineContext, OnlineFailure, REGISTRY_OPTION, runOnline, usernameOf } from '../lib/online.ts';
import { RegistryRequestError } from '../lib/registry-client.ts';

export const command: Command = {
  name: 'whoami',
  summary: 'Show the account you are logged in as on the registry (username and tier)',
  usage: `Usage: soul whoami [options]

Asks the registry who the stored token (or env SOUL_TOKEN) belongs to: GET /auth/me.
Exit status: 0 when logged in, 1 when not (or the token is refused).`,
  maxPositionals: 0,
  options: {
    json: { type: 'boolean', help: 'print { registry, username, tier, token } as JSON' },
    ...REGISTRY_OPTION,
  },
  async run({ values }, io) {
    const ctx = createOnlineContext(values, io, 'whoami');
    return runOnline(io, 'whoami', async () => {
      const { token, source } = ctx.requireToken();
      let body: Record<string, unknown>;
      try {
        body = (await ctx.client(token).request<Record<string, unknown>>({ method: 'GET', path: '/auth/me' })).body;
      } catch (e) {
        if (e instanceof RegistryRequestError && e.status === 401 && source === 'SOUL_TOKEN') {
          throw new OnlineFailure(`the registry at ${ctx.registry.url} refused the token in SOUL_TOKEN (${e.serverMessage ?? 'invalid or revoked'}); set a valid one, or unset it to use the stored login`, { cause: e });
        }
        throw e;
      }
      const username = usernameOf(body);
      if (username === null) throw new OnlineFailure(`the registry at ${ctx.registry.url} answered GET /auth/me without a username; is it a soul registry?`);
      const tier = typeof body['tier'] === 'string' ? body['tier'] : 'unknown';
      const masked = maskToken(token, [ctx.config.scanKeyPrefix, ctx.config.tokenPrefix]);
      if (values['json'] === true) {
        io.out(`${JSON.stringify({ registry: ctx.registry.url, username, tier, token: masked, tokenSource: source }, null, 2)}\n`);
        return EXIT.ok;
      }
      const p = io.paint;
      io.out(`${p('bold', sanitizeTerminal(username))} (tier: ${sanitizeTerminal(tier)})\n`);
      io.out(`  registry ${ctx.registry.url}\n  token    ${masked}${source === 'SOUL_TOKEN' ? ' (from SOUL_TOKEN)' : ''}\n`);
      return EXIT.ok;
    });
  },
};
