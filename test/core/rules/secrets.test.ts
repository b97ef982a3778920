// The secrets family: provider formats that must fire, look-alikes that must not, generic
// assignments, masking, and the labelled public corpora (gitleaks, secretlint).
//
// Every token here is built at run time from a seeded generator, so the repository itself holds
// no string that looks like a live credential.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createScanContext, scanPackage } from '../../../scripts/core/scan/engine.ts';
import { secrets } from '../../../scripts/core/scan/rules/secrets.ts';
import type { Emission } from '../../../scripts/core/scan/types.ts';
import { soulTree } from '../../helpers/soul.ts';

// ---------------------------------------------------------------------------------------------
// Fake material

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const ALNUM = UPPER + LOWER + DIGITS;
const HEXL = '0123456789abcdef';
const B64 = ALNUM + '+/';
const B64URL = ALNUM + '-_';
const BASE32 = UPPER + '234567';

let seed = 0x5eed;
function next(): number {
  // xorshift32: deterministic, so failures reproduce.
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 0x100000000;
}

/** A random-looking string of `n` characters from `alphabet`. */
function rnd(n: number, alphabet = ALNUM): string {
  let out = '';
  for (let i = 0; i < n; i++) out += alphabet[Math.floor(next() * alphabet.length)];
  // make sure mixed alphabets really mix (a body without a digit is not realistic)
  if (alphabet === ALNUM && !/\d/.test(out)) out = out.slice(0, -1) + '7';
  return out;
}

const hex = (n: number): string => rnd(n, HEXL);
const digits = (n: number): string => rnd(1, '123456789') + rnd(n - 1, DIGITS);
const uuid = (): string => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
const b64url = (s: string): string => btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

function randomBytesBase64(n: number): string {
  let bin = '\x30\x82';
  for (let i = 2; i < n; i++) bin += String.fromCharCode(Math.floor(next() * 256));
  return btoa(bin);
}

function pem(kind: string, bytes = 600): string {
  const body = randomBytesBase64(bytes).match(/.{1,64}/g)!.join('\n');
  const label = `${kind ? kind + ' ' : ''}PRIVATE ${'KEY'}`;
  return `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----\n`;
}

function jwt(payload: Record<string, unknown>): string {
  return `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify(payload))}.${rnd(43, B64URL)}`;
}

const OPENAI_MARK = 'T3Blbk' + 'FJ';
const password = (): string => `Qz${rnd(3, LOWER)}!${digits(3)}${rnd(3, UPPER)}`;

// ---------------------------------------------------------------------------------------------
// Running the family

interface Hit {
  code: string;
  severity: string;
  message: string;
  offset?: number;
}

const SEVERITY = new Map(secrets.rules.map((r) => [r.id, r.severity]));

function run(text: string, file = 'SOUL.md'): Hit[] {
  const ctx = createScanContext({ [file]: text });
  const hits: Hit[] = [];
  secrets.check(ctx, (e: Emission) => {
    const hit: Hit = { code: e.code, severity: e.severity ?? SEVERITY.get(e.code) ?? 'error', message: e.message };
    if (e.offset !== undefined) hit.offset = e.offset;
    hits.push(hit);
  });
  return hits;
}

const codesOf = (text: string): string[] => run(text).map((h) => h.code);
const errorsOf = (text: string): Hit[] => run(text).filter((h) => h.severity === 'error');

// ---------------------------------------------------------------------------------------------
// Rule table

describe('the secrets rule table', () => {
  it('keeps the public codes SEC031 and SEC060 to SEC069', () => {
    const ids = secrets.rules.map((r) => r.id);
    for (const id of ['SEC031', 'SEC060', 'SEC061', 'SEC062', 'SEC063', 'SEC064', 'SEC065', 'SEC066', 'SEC067', 'SEC068', 'SEC069']) expect(ids).toContain(id);
  });

  it('allocates its new codes within SEC130 to SEC159', () => {
    const extra = secrets.rules.map((r) => r.id).filter((id) => !/^SEC0(?:31|6\d)$/.test(id));
    expect(extra.length).toBeGreaterThanOrEqual(25);
    for (const id of extra) expect(Number(id.slice(3))).toBeGreaterThanOrEqual(130);
    for (const id of extra) expect(Number(id.slice(3))).toBeLessThanOrEqual(159);
  });

  it('makes every rule an error of stage security and category secrets, except the SEC069 warning', () => {
    for (const r of secrets.rules) {
      expect(r.stage).toBe('security');
      expect(r.category).toBe('secrets');
      expect(r.severity).toBe(r.id === 'SEC069' ? 'warning' : 'error');
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Provider formats that must fire

const POSITIVES: ReadonlyArray<readonly [string, string, () => string]> = [
  ['an AWS access key ID', 'SEC060', () => `aws_access_key_id = AKIA${rnd(16, BASE32)}`],
  ['an AWS temporary access key ID', 'SEC060', () => `export AWS_ACCESS_KEY_ID="ASIA${rnd(16, BASE32)}"`],
  ['an AWS secret access key', 'SEC060', () => `aws_secret_access_key = ${rnd(40, B64)}`],
  ['a GitHub classic token', 'SEC061', () => `GITHUB_TOKEN=ghp_${rnd(36)}`],
  ['a GitHub OAuth token', 'SEC061', () => `token: gho_${rnd(36)}`],
  ['a GitHub app token', 'SEC061', () => `Use ghs_${rnd(36)} for the app.`],
  ['a GitHub fine-grained token', 'SEC061', () => `github_pat_${rnd(22)}_${rnd(59)}`],
  ['a Slack bot token', 'SEC062', () => `SLACK_BOT_TOKEN=xoxb-${digits(11)}-${digits(13)}-${rnd(24)}`],
  ['a Slack user token', 'SEC062', () => `xoxp-${digits(11)}-${digits(12)}-${digits(13)}-${hex(32)}`],
  ['a Slack incoming webhook', 'SEC062', () => `Post to https://hooks.slack.com/services/T${rnd(8, UPPER + DIGITS)}/B${rnd(10, UPPER + DIGITS)}/${rnd(24)} when done.`],
  ['an RSA private key', 'SEC063', () => pem('RSA')],
  ['a PKCS#8 private key', 'SEC063', () => pem('')],
  ['an OpenSSH private key', 'SEC063', () => pem('OPENSSH')],
  ['an encrypted private key', 'SEC063', () => pem('ENCRYPTED')],
  ['an EC private key inside JSON', 'SEC063', () => JSON.stringify({ key: pem('EC') })],
  ['a PGP private key block', 'SEC063', () => `-----BEGIN PGP PRIVATE ${'KEY'} BLOCK-----\n\n${randomBytesBase64(300).match(/.{1,64}/g)!.join('\n')}\n=${rnd(4, B64)}\n-----END PGP PRIVATE ${'KEY'} BLOCK-----`],
  ['a JSON Web Token', 'SEC064', () => `session: ${jwt({ sub: `user-${digits(6)}`, iat: 1_700_000_000, scope: 'admin' })}`],
  ['a base64-encoded JSON Web Token', 'SEC064', () => `token: ${btoa(jwt({ sub: 'svc', iat: 1_700_000_000 }))}`],
  ['an npm token', 'SEC065', () => `//registry.npmjs.org/:_authToken=npm_${rnd(36)}`],
  ['an OpenAI project key', 'SEC066', () => `OPENAI_API_KEY=sk-proj-${rnd(74, B64URL)}${OPENAI_MARK}${rnd(74, B64URL)}`],
  ['an OpenAI legacy key', 'SEC066', () => `"sk-${rnd(20)}${OPENAI_MARK}${rnd(20)}"`],
  ['an OpenAI-compatible sk- key', 'SEC066', () => `api_key: sk-${hex(32)}`],
  ['a SendGrid key', 'SEC067', () => `SG.${rnd(22, B64URL)}.${rnd(43, B64URL)}`],
  ['a Stripe live secret key', 'SEC068', () => `stripe.api_key = "sk_live_${rnd(24)}"`],
  ['a Stripe restricted key', 'SEC068', () => `rk_live_${rnd(99)}`],
  ['a Google API key', 'SEC130', () => `GEMINI_API_KEY=AIzaSy${rnd(33, B64URL)}`],
  ['a GCP service-account key file', 'SEC131', () => JSON.stringify({ type: 'service_account', project_id: 'demo-project-42', private_key_id: hex(40), private_key: pem(''), client_email: 'bot@demo-project-42.iam.gserviceaccount.com' }, null, 2)],
  ['an Azure storage connection string', 'SEC132', () => `DefaultEndpointsProtocol=https;AccountName=store${digits(4)};AccountKey=${rnd(86, B64)}==;EndpointSuffix=core.windows.net`],
  ['an Azure Entra ID client secret', 'SEC132', () => `client_secret=${rnd(3)}8Q~${rnd(34, B64URL)}`],
  ['a DigitalOcean token', 'SEC133', () => `dop_v1_${hex(64)}`],
  ['a Heroku API key', 'SEC134', () => `HRKU-${rnd(60, B64URL)}`],
  ['a Heroku legacy key by name', 'SEC134', () => `HEROKU_API_KEY=${uuid()}`],
  ['an Alibaba Cloud AccessKey ID', 'SEC135', () => `LTAI${rnd(20)}`],
  ['a GitLab personal access token', 'SEC136', () => `glpat-${rnd(20, B64URL)}`],
  ['a Bitbucket app password', 'SEC137', () => `ATBB${rnd(32)}`],
  ['a Discord bot token', 'SEC138', () => `DISCORD_TOKEN=${b64url(digits(18))}.${rnd(6, B64URL)}.${rnd(38, B64URL)}`],
  ['a Discord webhook', 'SEC138', () => `https://discord.com/api/webhooks/${digits(19)}/${rnd(68, B64URL)}`],
  ['a Telegram bot token', 'SEC139', () => `bot token ${digits(10)}:AA${rnd(33, B64URL)}`],
  ['a Twilio API key SID', 'SEC140', () => `SK${hex(32)}`],
  ['a Twilio auth token by name', 'SEC140', () => `TWILIO_AUTH_TOKEN=${hex(32)}`],
  ['a Teams incoming webhook', 'SEC141', () => `https://contoso.webhook.office.com/webhookb2/${uuid()}@${uuid()}/IncomingWebhook/${hex(32)}/${uuid()}`],
  ['a Square access token', 'SEC142', () => `sq0atp-${rnd(22, B64URL)}`],
  ['a Braintree access token', 'SEC143', () => `access_token$production$${rnd(16, LOWER + DIGITS)}$${hex(32)}`],
  ['a Shopify access token', 'SEC144', () => `shpat_${hex(32)}`],
  ['an Anthropic key', 'SEC145', () => `ANTHROPIC_API_KEY=sk-ant-api03-${rnd(93, B64URL)}AA`],
  ['a Hugging Face token', 'SEC146', () => `hf_${rnd(34, UPPER + LOWER)}`],
  ['a Groq key', 'SEC147', () => `gsk_${rnd(52)}`],
  ['a Replicate token', 'SEC147', () => `r8_${rnd(37)}`],
  ['a Perplexity key', 'SEC147', () => `pplx-${rnd(48)}`],
  ['an xAI key', 'SEC147', () => `xai-${rnd(80)}`],
  ['a Cohere key by name', 'SEC147', () => `COHERE_API_KEY=${rnd(40)}`],
  ['a PyPI token', 'SEC148', () => `password = pypi-AgEIcHlwaS5vcmc${rnd(70, B64URL)}`],
  ['a RubyGems key', 'SEC148', () => `rubygems_${hex(48)}`],
  ['a NuGet key', 'SEC148', () => `oy2${rnd(43, LOWER + DIGITS)}`],
  ['a Docker Hub token', 'SEC148', () => `dckr_pat_${rnd(27, B64URL)}`],
  ['a 1Password service-account token', 'SEC149', () => `OP_SERVICE_ACCOUNT_TOKEN=ops_eyJ${rnd(400, B64)}`],
  ['a Tailscale auth key', 'SEC150', () => `tskey-auth-k${rnd(11)}-${rnd(30)}`],
  ['a Vault service token', 'SEC151', () => `VAULT_TOKEN=hvs.${rnd(90, B64URL)}`],
  ['a Terraform Cloud token', 'SEC151', () => `token = "${rnd(14)}.atlasv1.${rnd(67, B64URL)}"`],
  ['a Databricks token', 'SEC152', () => `dapi${hex(32)}`],
  ['a Figma token', 'SEC153', () => `figd_${rnd(40, B64URL)}`],
  ['a Linear key', 'SEC153', () => `lin_api_${rnd(40)}`],
  ['a Notion token', 'SEC153', () => `ntn_${digits(11)}${rnd(35)}`],
  ['a legacy Notion token', 'SEC153', () => `secret_${rnd(43)}`],
  ['a Postman key', 'SEC153', () => `PMAK-${hex(24)}-${hex(34)}`],
  ['a Vercel token', 'SEC154', () => `vcp_${rnd(40)}`],
  ['a Cloudflare token', 'SEC154', () => `cfat_${rnd(48)}`],
  ['a Grafana Cloud token', 'SEC154', () => `glc_${btoa(JSON.stringify({ o: digits(6), n: 'stack-read', k: rnd(24) }))}`],
  ['a Grafana service-account token', 'SEC154', () => `glsa_${rnd(32)}_${hex(8)}`],
  ['a Doppler token', 'SEC154', () => `dp.pt.${rnd(43)}`],
  ['a Sentry user token', 'SEC154', () => `sntryu_${hex(64)}`],
  ['a Mailgun key', 'SEC155', () => `key-${hex(32)}`],
  ['a Mailchimp key', 'SEC155', () => `${hex(32)}-us21`],
  ['a PostgreSQL URL with a password', 'SEC156', () => `DATABASE_URL=postgres://app:${password()}@db.internal:5432/app`],
  ['a MongoDB SRV URL with a password', 'SEC156', () => `mongodb+srv://svc:${password()}@cluster0.abcde.mongodb.net/prod`],
  ['a SQLAlchemy driver URL with a password', 'SEC156', () => `postgresql+asyncpg://app:${password()}@db.internal/app`],
  ['a MySQL URL with a password', 'SEC156', () => `mysql://root:${password()}@10.1.2.3:3306/shop`],
  ['a Redis URL with a password', 'SEC156', () => `redis://:${password()}@cache.internal:6379/0`],
  ['an AMQP URL with a password', 'SEC156', () => `amqp://worker:${password()}@mq.internal:5672/`],
  ['credentials in an https URL', 'SEC157', () => `git clone https://deploy:${password()}@git.example.net/team/repo.git`],
  ['credentials passed to curl -u', 'SEC157', () => `curl -u admin:${password()} https://api.example.net/v1/me`],
  ['a Basic Authorization header', 'SEC157', () => `Authorization: Basic ${btoa(`svc:${password()}`)}`],
  ['a Bearer Authorization header', 'SEC158', () => `curl -H "Authorization: Bearer ${rnd(40)}" https://api.example.net`],
  ['an API-key header in curl', 'SEC158', () => `curl -H "X-Api-Key: ${rnd(24)}" https://api.example.net`],
  ['a Meta app access token', 'SEC159', () => `facebook ${digits(16)}|${rnd(27, B64URL)}`],
  ['Sidekiq Enterprise credentials', 'SEC159', () => `source "https://${hex(8)}:${hex(8)}@enterprise.contribsys.com/"`],
  ['a quoted API key assignment', 'SEC031', () => `api_key = "${rnd(32)}"`],
  ['a password in YAML', 'SEC031', () => `database:\n  password: '${password()}'`],
  ['a secret in JSON', 'SEC031', () => JSON.stringify({ client_secret: rnd(40) })],
  ['a token in an env file', 'SEC031', () => `ACCESS_TOKEN=${rnd(30)}`],
  ['a key under a dotted name', 'SEC031', () => `api.key=${rnd(32)}`],
];

describe('provider formats', () => {
  for (const [what, code, make] of POSITIVES) {
    it(`flags ${what} (${code})`, () => {
      expect(codesOf(make())).toContain(code);
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Look-alikes that must not fire

const NEGATIVES: ReadonlyArray<readonly [string, () => string]> = [
  ['sk-xxxx placeholders', () => 'Set OPENAI_API_KEY=sk-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
  ['sk-... truncated examples', () => 'Your key looks like sk-proj-abc123... and is shown once.'],
  ['a <your-key> placeholder', () => 'api_key: <your-key>\ntoken = "<YOUR_TOKEN_HERE>"'],
  ['YOUR_API_KEY', () => 'OPENAI_API_KEY=YOUR_API_KEY\npassword: YOUR_PASSWORD'],
  ['${API_KEY} references', () => 'api_key: ${API_KEY}\nAuthorization: Bearer ${TOKEN}\npassword = "$DB_PASSWORD"'],
  ['{{token}} templates', () => 'token: "{{token}}"\nsecret: {{ .Values.secret }}'],
  ['process.env references', () => 'const apiKey = process.env.OPENAI_API_KEY;\nconst token = os.environ["GITHUB_TOKEN"]\npassword: config.db.password'],
  ['values saying example, dummy, changeme, placeholder', () => 'api_key = "example-key-1234567890"\npassword: dummy123456\nsecret = "changeme"\ntoken: placeholder_token_value_42'],
  ['a repeated-character body', () => 'stripe_key = "sk_live_AAAAAAAAAAAAAAAAAAAAAAAA"\napi_key = "AAAAAAAAAAAAAAAAAAAAAAAAAAAA"'],
  ['1234567890 and sequential alphabets', () => 'token = "1234567890123456"\napi_key = "abcdefghijklmnopqrstuvwxyz"\nsecret: "ABCDEF0123456789"'],
  ['masked values', () => 'password: ********\napi_key: "••••••••••••"\nAuthorization: Token **********'],
  ['redactions', () => 'token: [REDACTED]\nsecret = "<redacted>"\npassword: "REDACTED"'],
  ["AWS's documented example key", () => 'aws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCY' + 'EXAMPLEKEY'],
  ['x-filled provider tokens', () => `ghp_${'x'.repeat(36)}\nhf_${'x'.repeat(34)}\nglpat-${'X'.repeat(20)}\nxoxb-${'x'.repeat(10)}-${'x'.repeat(12)}`],
  ["jwt.io's example token", () => `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url('{"sub":"1234567890","name":"John Doe","iat":1516239022}')}.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c`],
  ['prose about tokens and passwords', () => 'Tokens are the units of text a model reads. Never paste your API key, password or secret token into a chat; a key: value pair is not a secret. Password: use a manager.'],
  ['a base64 image in markdown', () => `![diagram](data:image/png;base64,${randomBytesBase64(6000)})`],
  ['UUIDs', () => `Session ${uuid()} started; request id: ${uuid()}.`],
  ['git commit SHAs', () => `Fixed in commit ${hex(40)} (see ${hex(7)}).\nrevision: ${hex(40)}`],
  ['CSS colours', () => 'color: #ff8800;\nbackground: #1a2b3c;\n--accent: #ABCDEF;'],
  ['a checksum line', () => `sha256: ${hex(64)}\n${hex(64)}  soul-1.0.0.tar.gz\nmd5=${hex(32)}`],
  ['an npm integrity hash', () => `"integrity": "sha512-${rnd(86, B64)}=="`],
  ['token budgets and counts', () => 'max_tokens: 4096\ntoken_budget: 8000\ntokens: 1500\ntoken_limit = 120000'],
  ['a name that points to an env var', () => 'api_key_env: OPENAI_API_KEY\npassword_file: /run/secrets/db_password\ntoken_url: https://auth.example.com/token'],
  ['public and publishable keys', () => `public_key = "${rnd(44)}"\nSTRIPE_PUBLISHABLE_KEY=pk_live_${rnd(24)}\nrecaptcha_site_key: ${rnd(40)}`],
  ['a CSRF token', () => `<meta name="csrf-token" content="${rnd(40)}">\ncsrf_token = "${rnd(40)}"`],
  ['placeholder URL passwords', () => 'https://user:password@example.com/api\nmongodb://username:password@localhost:27017/db\npostgres://postgres:postgres@localhost:5432/dev\npostgres://user:CHANGE_ME@localhost:5432/app\nredis://default:change-me@cache.example.com:6379'],
  ['a default user:password pair', () => 'postgres://postgres:postgres@db:5432/app\namqp://guest:guest@rabbitmq:5672/'],
  ['URL credentials that are variables', () => 'postgres://${DB_USER}:${DB_PASSWORD}@db:5432/app\nhttps://{{user}}:{{pass}}@host.example/'],
  ['curl -u with variables', () => 'curl -u "$USER:$PASS" https://api.example.com\ncurl --user ${API_USER}:${API_TOKEN} https://api.example.com'],
  ['Authorization headers with placeholders', () => 'Authorization: Bearer <token>\nAuthorization: Bearer $ACCESS_TOKEN\nAuthorization: Basic ...'],
  ['a mention of key prefixes', () => 'GitHub tokens start with ghp_, Slack bot tokens with xoxb-, AWS key IDs with AKIA and OpenAI keys with sk-.'],
  ['identifiers after token-like names', () => 'token: accessTokenValue\nsecret = "my-secret-name"\npassword: required\nkey: value'],
  ['a version string for a token library', () => 'notes = "Maven - io.jsonwebtoken:jjwt-jackson-0.11.2"'],
  ['keyboard-walk and leetspeak placeholders', () => 'https://api.example.com/?access_token=abc123def456\nconst pass = \'pa$$word\'\npassword: P@ssw0rd'],
  ['handles and links under service names', () => JSON.stringify({ author: { name: 'Dev', github: 'some-long-username123' }, discord: 'https://discord.gg/abc123', twitter: '@persona_bot_2024' })],
  ['a provider name used as a URI scheme', () => 'fetch_package("github:holepunchto/libutf#b22ffb0")\nsee slack:channel/C0123456789ABCDEF'],
];

describe('look-alikes', () => {
  for (const [what, make] of NEGATIVES) {
    it(`does not flag ${what}`, () => {
      expect(run(make())).toEqual([]);
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Generic assignments and the SEC069 warning

describe('generic assignments', () => {
  it('raises SEC069 as a warning for a high-entropy value under a key-like name', () => {
    const hits = run(`signing_salt = "${rnd(40)}"`);
    expect(hits.map((h) => [h.code, h.severity])).toEqual([['SEC069', 'warning']]);
  });

  it('does not raise SEC069 for a 40-character hex fingerprint', () => {
    expect(run(`Release GPG key: ${hex(40).toUpperCase()}`)).toEqual([]);
  });

  it('accepts a strong password with symbols and digits', () => {
    expect(codesOf(`db_password = "${password()}"`)).toEqual(['SEC031']);
  });

  it('does not flag a single dictionary word as a password', () => {
    expect(run('password: sunshine')).toEqual([]);
  });

  it('reports a connection-string password in an ADO.NET string as SEC156', () => {
    expect(codesOf(`Server=tcp:db.example.net,1433;Database=app;User ID=svc;Password=${password()};`)).toContain('SEC156');
  });

  it('routes a value assigned to a provider-named variable to that provider', () => {
    expect(codesOf(`SOURCEGRAPH_TOKEN=${hex(40)}`)).toEqual(['SEC154']);
    expect(codesOf(`sourcegraph: ${rnd(40, HEXL + 'ABCDEF')}`)).toEqual(['SEC154']);
  });

  it('keeps SEC031 for a credential name without a provider', () => {
    expect(codesOf(`SERVICE_TOKEN=${hex(40)}`)).toEqual(['SEC031']);
  });

  it('reports one secret once, under its most specific code', () => {
    expect(codesOf(`GITHUB_TOKEN="ghp_${rnd(36)}"`)).toEqual(['SEC061']);
    expect(codesOf(`Authorization: Bearer ${jwt({ sub: 'svc', iat: 1 })}`)).toEqual(['SEC064']);
  });
});

// ---------------------------------------------------------------------------------------------
// Messages, offsets, files

describe('findings', () => {
  it('masks the secret in the message to its first four characters', () => {
    const token = `ghp_${rnd(36)}`;
    const [hit] = run(`token: ${token}`);
    expect(hit?.message).toContain('ghp_…');
    expect(hit?.message).not.toContain(token.slice(4, 12));
  });

  it('never echoes a password from a URL', () => {
    const pw = password();
    const [hit] = run(`postgres://app:${pw}@db.internal/app`);
    expect(hit?.message).not.toContain(pw);
    expect(hit?.message).toContain('db.internal');
  });

  it('emits the raw offset of the secret', () => {
    const text = `line one\nline two\nkey: AKIA${rnd(16, BASE32)}\n`;
    const [hit] = run(text);
    expect(hit?.offset).toBe(text.indexOf('AKIA'));
  });

  it('reports the line of the secret through scanPackage', () => {
    const result = scanPackage(soulTree({ 'SOUL.md': `# Soul\n\nA helpful persona.\n\nDeploy with GITLAB_TOKEN=glpat-${rnd(20, B64URL)}\n` }), { name: 'test-soul' });
    const finding = result.errors.find((f) => f.code === 'SEC136');
    expect(finding).toMatchObject({ file: 'SOUL.md', line: 5, severity: 'error' });
  });

  it('stops after the first match of a code in a file', () => {
    const hits = run(`a: ghp_${rnd(36)}\nb: ghp_${rnd(36)}\nc: gho_${rnd(36)}`);
    expect(hits.filter((h) => h.code === 'SEC061')).toHaveLength(1);
  });

  it('scans every text file, soul.json and .svg included', () => {
    const files = soulTree({ 'assets/logo.svg': `<svg><!-- sk-ant-api03-${rnd(93, B64URL)}AA --></svg>` });
    const result = scanPackage(files, { name: 'test-soul' });
    expect(result.errors.some((f) => f.code === 'SEC145' && f.file === 'assets/logo.svg')).toBe(true);
  });

  it('finds a secret in the manifest', () => {
    const result = scanPackage(soulTree({ 'soul.json': JSON.stringify({ name: 'test-soul', config: { apiKey: `AIzaSy${rnd(33, B64URL)}` } }) }), { name: 'test-soul' });
    expect(result.errors.some((f) => f.code === 'SEC130' && f.file === 'soul.json')).toBe(true);
  });

  it('does not flag the benign persona of the helpers', () => {
    const result = scanPackage(soulTree(), { name: 'test-soul' });
    expect([...result.errors, ...result.warnings].filter((f) => secrets.rules.some((r) => r.id === f.code))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Speed and bounded time

const PERSONA = `# Aria, the Patient Study Coach

You are Aria, a warm and patient study coach who helps university students plan their revision, break big topics into small steps, and keep going when motivation dips. You speak plainly, ask one clarifying question when a request is ambiguous, and celebrate small wins. Key principles: you never write graded work for the student; you explain, give hints, and check understanding with short questions. When a student passes an exam, you help them reflect on what worked. You keep the user's information private and never share it. Tokens of encouragement matter: a kind word at the right time keeps people going. If someone asks about passwords or accounts, you remind them never to share secrets in chat. See https://example.org/study-tips for well-known, evidence-based methods — 25-minute sessions work.

## Boundaries
- You do not give medical, legal or financial advice; you suggest a professional instead.
- You avoid authoritative claims about topics outside study skills, and say "I'm not sure" when unsure.
`;

const MB = 1 << 20;
const fill = (unit: string): string => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);

function timeFamily(text: string, reps: number): number {
  const ctx = createScanContext({ 'SOUL.md': text });
  secrets.check(ctx, () => {});
  const times: number[] = [];
  for (let i = 0; i < reps; i++) {
    const t0 = performance.now();
    secrets.check(ctx, () => {});
    times.push(performance.now() - t0);
  }
  return Math.min(...times);
}

describe('speed', () => {
  it('scans 1 MB of persona prose within its time budget (best of 30 runs; bound generous for shared CI)', () => {
    const ms = timeFamily(fill(PERSONA), 30);
    console.log(`secrets family: ${ms.toFixed(2)} ms per MB of persona prose`);
    expect(ms).toBeLessThan(25);
  });

  const ADVERSARIAL: Record<string, string> = {
    'assignments without values': 'password: x1 ',
    'chained assignments': 'password=',
    'colons in one word': 'a:',
    'private key headers': `-----BEGIN PRIVATE ${'KEY'}-----\n`,
    'dashes between prefixes': 'sk-a-',
    'unterminated JWT parts': 'eyJhbGciOi.',
    'URL userinfo': 'https://u:p@',
    'curl flags': 'curl -u a:b ',
  };
  for (const [label, unit] of Object.entries(ADVERSARIAL)) {
    it(`scans 1 MB of ${label} in bounded time`, () => {
      expect(timeFamily(fill(unit), 1)).toBeLessThan(2000);
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Labelled corpora

const CORPUS = join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'corpus', 'secrets');
const GITLEAKS = join(CORPUS, 'gitleaks_rule_examples.json');
const SECRETLINT = join(CORPUS, 'secretlint_preset_recommend_snapshots.json');
const haveCorpus = existsSync(GITLEAKS) && existsSync(SECRETLINT);
if (!haveCorpus) console.log(`secrets corpus test skipped: ${CORPUS} is absent`);

interface GitleaksRow {
  rule_id: string;
  label: 'tp' | 'fp';
  text: string;
}
interface SecretlintRow {
  rule: string;
  case: string;
  text: string;
  expected_message_count: number;
  has_rc_options: boolean;
}

const rate = (hits: number, of: number): string => `${hits}/${of} = ${((100 * hits) / of).toFixed(1)}%`;

describe.skipIf(!haveCorpus)('labelled public corpora', () => {
  const gitleaks = haveCorpus ? (JSON.parse(readFileSync(GITLEAKS, 'utf8')) as GitleaksRow[]) : [];
  // Fixtures whose expectation depends on a non-default rule option are left out.
  const secretlint = haveCorpus ? (JSON.parse(readFileSync(SECRETLINT, 'utf8')) as SecretlintRow[]).filter((r) => !r.has_rc_options) : [];
  const fires = (text: string): boolean => errorsOf(text).length > 0;

  it('catches at least 95% of the gitleaks true positives', () => {
    const tp = gitleaks.filter((r) => r.label === 'tp');
    const hits = tp.filter((r) => fires(r.text)).length;
    console.log(`gitleaks tp recall: ${rate(hits, tp.length)}`);
    expect(hits / tp.length).toBeGreaterThanOrEqual(0.95);
  });

  it('flags at most 5% of the gitleaks false-positive examples', () => {
    const fp = gitleaks.filter((r) => r.label === 'fp');
    const hits = fp.filter((r) => fires(r.text)).length;
    console.log(`gitleaks fp flag rate: ${rate(hits, fp.length)}`);
    expect(hits / fp.length).toBeLessThanOrEqual(0.05);
  });

  it('catches at least 95% of the secretlint positives', () => {
    const pos = secretlint.filter((r) => r.expected_message_count > 0);
    const hits = pos.filter((r) => fires(r.text)).length;
    console.log(`secretlint positive recall: ${rate(hits, pos.length)}`);
    expect(hits / pos.length).toBeGreaterThanOrEqual(0.95);
  });

  it('flags at most 5% of the secretlint negatives', () => {
    const neg = secretlint.filter((r) => r.expected_message_count === 0);
    const hits = neg.filter((r) => fires(r.text)).length;
    console.log(`secretlint negative flag rate: ${rate(hits, neg.length)}`);
    expect(hits / neg.length).toBeLessThanOrEqual(0.05);
  });

  it('fails a package end to end on corpus secrets', () => {
    const tp = gitleaks.filter((r) => r.label === 'tp' && (r.rule_id === 'openai-api-key' || r.rule_id === 'slack-webhook-url'));
    expect(tp.length).toBeGreaterThan(1);
    for (const row of tp.slice(0, 3)) {
      const result = scanPackage(soulTree({ 'SOUL.md': `# Soul\n\nSetup:\n\n${row.text}\n` }), { name: 'test-soul' });
      expect(result.ok).toBe(false);
      expect(result.errors.some((f) => secrets.rules.some((r) => r.id === f.code))).toBe(true);
    }
  });

  it('passes a package end to end on a corpus negative', () => {
    const neg = secretlint.find((r) => r.rule === 'secretlint-rule-database-connection-string' && r.expected_message_count === 0);
    expect(neg).toBeDefined();
    const result = scanPackage(soulTree({ 'SOUL.md': `# Soul\n\n${neg!.text}\n` }), { name: 'test-soul' });
    expect(result.errors.filter((f) => secrets.rules.some((r) => r.id === f.code))).toEqual([]);
  });
});
