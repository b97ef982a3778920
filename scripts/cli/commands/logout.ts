// `soul logout`: forget the token stored for a registry (the token itself stays valid until revoked).
import { EXIT, type Command } from '../lib/command.ts';
import { credentialsPath, forgetLogin } from '../lib/credentials.ts';
import { createOnlineContext, REGISTRY_OPTION } from '../lib/online.ts';

export const command: Command = {
  name: 'logout',
  summary: 'Forget the token stored for a registry',
  usage: `Usage: soul logout [options]

Removes the token stored for the registry from the credentials file. The token itself stays
valid until it is revoked (on the dashboard, or 'soul admin token revoke <id>' locally).`,
  maxPositionals: 0,
  options: { ...REGISTRY_OPTION },
  run({ values }, io) {
    const ctx = createOnlineContext(values, io, 'logout');
    const removed = forgetLogin({ env: io.env, registry: ctx.registry.url });
    if (removed) io.out(`${io.paint('green', '✔')} Logged out of ${ctx.registry.url} (token removed from ${credentialsPath(io.env)})\n`);
    else io.out(`Not logged in to ${ctx.registry.url}; nothing to remove.\n`);
    if (io.env['SOUL_TOKEN']) io.err('soul logout: note: SOUL_TOKEN is still set in your environment; unset it to stop using that token\n');
    return EXIT.ok;
  },
};
