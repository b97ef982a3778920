// Tables of the secrets family: the rule table, the provider token formats (written from each
// provider's documented or published key format), and the word lists the checks use.
import type { RuleInfo } from '../types.ts';

const rule = (id: string, severity: RuleInfo['severity'], description: string): RuleInfo => ({
  id,
  stage: 'security',
  severity,
  category: 'secrets',
  description,
});

export const SECRET_RULES: readonly RuleInfo[] = [
  rule('SEC031', 'error', 'Secret exposure: hardcoded credential (a password, token or API key assigned a literal value)'),
  rule('SEC060', 'error', 'Secret: AWS access key ID, secret access key or Bedrock API key'),
  rule('SEC061', 'error', 'Secret: GitHub token (ghp_, gho_, ghu_, ghs_, ghr_, github_pat_)'),
  rule('SEC062', 'error', 'Secret: Slack token or incoming webhook URL'),
  rule('SEC063', 'error', 'Secret: private key (PEM / OpenSSH / PGP / PuTTY / age)'),
  rule('SEC064', 'error', 'Secret: JSON Web Token'),
  rule('SEC065', 'error', 'Secret: npm access token'),
  rule('SEC066', 'error', 'Secret: OpenAI API key'),
  rule('SEC067', 'error', 'Secret: SendGrid API key'),
  rule('SEC068', 'error', 'Secret: Stripe secret, restricted or webhook signing key'),
  rule('SEC069', 'warning', 'Possible hardcoded secret: high-entropy string assigned to a key-like name'),
  rule('SEC130', 'error', 'Secret: Google API key, OAuth client secret or access token (GCP, Firebase, Gemini)'),
  rule('SEC131', 'error', 'Secret: Google Cloud service-account key file (private key in JSON)'),
  rule('SEC132', 'error', 'Secret: Azure credential (storage account key, shared access key or signature, Entra ID client secret)'),
  rule('SEC133', 'error', 'Secret: DigitalOcean token'),
  rule('SEC134', 'error', 'Secret: Heroku API key'),
  rule('SEC135', 'error', 'Secret: Alibaba Cloud AccessKey ID'),
  rule('SEC136', 'error', 'Secret: GitLab token (personal, project, deploy, runner, trigger, ...)'),
  rule('SEC137', 'error', 'Secret: Atlassian or Bitbucket token'),
  rule('SEC138', 'error', 'Secret: Discord bot token or webhook URL'),
  rule('SEC139', 'error', 'Secret: Telegram bot token'),
  rule('SEC140', 'error', 'Secret: Twilio API key or auth token'),
  rule('SEC141', 'error', 'Secret: Microsoft Teams / Power Automate webhook URL'),
  rule('SEC142', 'error', 'Secret: Square access token or OAuth secret'),
  rule('SEC143', 'error', 'Secret: PayPal / Braintree access token'),
  rule('SEC144', 'error', 'Secret: Shopify access token or app secret'),
  rule('SEC145', 'error', 'Secret: Anthropic API key'),
  rule('SEC146', 'error', 'Secret: Hugging Face access token'),
  rule('SEC147', 'error', 'Secret: AI provider API key (Groq, Replicate, Perplexity, xAI, OpenRouter, Cohere, LangSmith, Pinecone, Tavily, ...)'),
  rule('SEC148', 'error', 'Secret: package registry token (PyPI, RubyGems, NuGet, Docker Hub, Clojars, JFrog, crates.io)'),
  rule('SEC149', 'error', '1Password service-account token or account secret key'),
  rule('SEC150', 'error', 'Secret: Tailscale key'),
  rule('SEC151', 'error', 'Secret: HashiCorp Vault or Terraform Cloud token'),
  rule('SEC152', 'error', 'Secret: Databricks access token'),
  rule('SEC153', 'error', 'Secret: productivity SaaS token (Figma, Linear, Notion, Postman, Airtable, ClickUp, Typeform, HubSpot, Contentful)'),
  rule('SEC154', 'error', 'Secret: developer platform token (Vercel, Cloudflare, Grafana, Doppler, Sentry, Fly.io, Supabase, Sourcegraph, ...)'),
  rule('SEC155', 'error', 'Secret: e-mail / marketing API key (Mailgun, Mailchimp, Brevo, Resend)'),
  rule('SEC156', 'error', 'Secret: database or broker connection string with a password'),
  rule('SEC157', 'error', 'Secret: basic-auth credentials (user:password in a URL, curl -u, Authorization: Basic)'),
  rule('SEC158', 'error', 'Secret: credential in an Authorization or API-key header'),
  rule('SEC159', 'error', 'Secret: other service credential (Meta/Facebook, Twitter/X, Mapbox, Dropbox, Sidekiq, Shippo, EasyPost, ...)'),
];

/** One provider token format, tried at the start of a word inside a run of token characters. */
export interface TokenRule {
  readonly code: string;
  /** What the finding calls it: "GitHub token". */
  readonly label: string;
  /** Literal(s) the token starts with; the regex runs only where one of them starts a word. */
  readonly prefixes: readonly string[];
  /** Sticky pattern from the prefix on; linear (a prefix, then character classes). */
  readonly re?: RegExp;
  /** Instead of `re`: the end of the token starting at `at`, or -1 (formats with inner dots). */
  readonly scan?: (text: string, at: number) => number;
  /** Length of the random body after the prefix (inclusive bounds), when the regex leaves it open. */
  readonly body?: readonly [number, number];
  /** Where the random body starts (default: length of the matched prefix). */
  readonly bodyFrom?: number;
  /** The body must look random (digits and letters, some entropy): for short or word-like prefixes. */
  readonly weak?: boolean;
  /** What must not follow the token: letters and digits (default), also "_" (word), also "_" and "-" (url). */
  readonly boundary?: 'alnum' | 'word' | 'url';
  /** Not when preceded by "." or "/" (file names and paths such as "favicon.ico-..."). */
  readonly noPathBefore?: boolean;
  /** Literal that must occur in the run for the rule to be tried (cheap precheck). */
  readonly needle?: string;
  /** Extra structural check on the whole token. */
  readonly check?: (token: string) => boolean;
  /** How to revoke or where to move it, appended to the message. */
  readonly fix?: string;
}

const ROTATE = 'revoke it and load it from an environment variable or secret store at run time';

function anthropicEnd(token: string): boolean {
  return token.endsWith('AA');
}

function tailscaleShape(token: string): boolean {
  const parts = token.split('-');
  if (parts.length === 4) return /^[a-z]{2,12}$/.test(parts[1]!) && parts[2]!.length >= 8 && parts[3]!.length >= 16;
  if (parts.length === 3) return parts[1]!.length >= 8 && parts[2]!.length >= 16;
  return false;
}

function mixedCaseLetters(token: string, from: number): boolean {
  let upper = 0;
  let lower = 0;
  for (let i = from; i < token.length; i++) {
    const c = token.charCodeAt(i);
    if (c >= 65 && c <= 90) upper++;
    else if (c >= 97 && c <= 122) lower++;
  }
  return upper >= 4 && lower >= 4;
}

function decodesToDigits(token: string): boolean {
  const text = decodeBase64Url(token.slice(0, token.indexOf('.')));
  return text !== null && /^\d{15,21}$/.test(text);
}

/** jwt.io's documented example signature (HS256 with "your-256-bit-secret"). */
export const JWT_IO_SAMPLE_SIGNATURE = 'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';

function decodeBase64Url(s: string): string | null {
  try {
    const t = s.replace(/-/g, '+').replace(/_/g, '/');
    return atob(t + '='.repeat((4 - (t.length % 4)) % 4));
  } catch {
    return null;
  }
}

/** Header decodes to JSON naming an algorithm or type, payload to a JSON object, signature present. */
function isRealJwt(token: string): boolean {
  const parts = token.split('.');
  if (parts.length !== 3) return false;
  const [h, p, sig] = parts as [string, string, string];
  if (sig.length < 16 || sig === JWT_IO_SAMPLE_SIGNATURE || h.length > 2000 || p.length > 8000) return false;
  const header = decodeBase64Url(h);
  const payload = decodeBase64Url(p.length > 400 ? p.slice(0, 400) : p);
  if (header === null || payload === null) return false;
  return /"(?:alg|typ|kid)"\s*:/.test(header) && payload.trimStart().startsWith('{');
}

function isUrlSafe(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45 || c === 95;
}

/** End of the run of base64url characters starting at `at` (at most `max` long). */
function urlSafeEnd(text: string, at: number, max: number): number {
  let i = at;
  while (i - at < max && isUrlSafe(text.charCodeAt(i))) i++;
  return i;
}

/** header.payload.signature, each base64url, the payload starting "eyJ" too. */
function jwtEnd(text: string, at: number): number {
  const h = urlSafeEnd(text, at, 2000);
  if (text.charCodeAt(h) !== 46 || !text.startsWith('eyJ', h + 1)) return -1;
  const p = urlSafeEnd(text, h + 1, 8000);
  if (text.charCodeAt(p) !== 46) return -1;
  const sig = urlSafeEnd(text, p + 1, 2000);
  return sig > p + 1 ? sig : -1;
}

/** Discord bot token: base64 user ID (24-28), timestamp (6), HMAC (27-40), dot-separated. */
function discordEnd(text: string, at: number): number {
  const a = urlSafeEnd(text, at, 29);
  if (a - at < 24 || a - at > 28 || text.charCodeAt(a) !== 46) return -1;
  const b = urlSafeEnd(text, a + 1, 7);
  if (b - a - 1 !== 6 || text.charCodeAt(b) !== 46) return -1;
  const c = urlSafeEnd(text, b + 1, 41);
  return c - b - 1 >= 27 && c - b - 1 <= 40 ? c : -1;
}

/** Telegram bot token: optional "bot", 8-10 digit bot ID, ":AA", 33 base64url characters. */
function telegramEnd(text: string, at: number): number {
  let i = text.startsWith('bot', at) ? at + 3 : at;
  const digitsFrom = i;
  while (i - digitsFrom <= 10 && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
  if (i - digitsFrom < 8 || i - digitsFrom > 10 || !text.startsWith(':AA', i)) return -1;
  const end = urlSafeEnd(text, i + 3, 34);
  return end - i - 3 === 33 ? end : -1;
}

/** Base64 of a JWT ("eyJ..." encodes to "ZXlK..."), as in Kubernetes secrets. */
function isEncodedJwt(token: string): boolean {
  let text: string;
  try {
    text = atob(token.length % 4 === 0 ? token : token + '='.repeat(4 - (token.length % 4)));
  } catch {
    return false;
  }
  const end = jwtEnd(text, 0);
  return end > 0 && isRealJwt(text.slice(0, end));
}

function slackAppShape(token: string): boolean {
  const parts = token.split('-');
  return parts.length === 5 && parts[2]!.length >= 8 && parts[3]!.length >= 8 && parts[4]!.length >= 32;
}

/**
 * Provider token formats. Order matters within a first character: more specific prefixes first
 * (sk-ant- and sk-or-v1- before sk-). Every regex is sticky and starts with one of its prefixes.
 */
export const TOKEN_RULES: readonly TokenRule[] = [
  // AWS: access key IDs are 20 base32 characters starting with a fixed four-letter kind.
  { code: 'SEC060', label: 'AWS access key ID', prefixes: ['AKIA', 'ASIA', 'ABIA', 'ACCA'], re: /(?:AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}/y, fix: 'deactivate it in IAM and ' + ROTATE },
  { code: 'SEC060', label: 'Amazon Bedrock API key', prefixes: ['ABSKQmVkcm9ja0FQSUtleS'], re: /ABSKQmVkcm9ja0FQSUtleS[A-Za-z0-9+/]+={0,2}/y, body: [70, 400] },
  { code: 'SEC060', label: 'Amazon Bedrock API key', prefixes: ['bedrock-api-key-'], re: /bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t[A-Za-z0-9+/=%_-]+/y, body: [80, 6000] },
  // GitHub: documented prefixes, 36+ base62 characters (installation tokens may be longer).
  { code: 'SEC061', label: 'GitHub token', prefixes: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'], re: /gh[pousr]_[A-Za-z0-9_]+/y, body: [36, 255], fix: 'revoke it in GitHub settings and ' + ROTATE },
  { code: 'SEC061', label: 'GitHub fine-grained token', prefixes: ['github_pat_'], re: /github_pat_[A-Za-z0-9]{20,30}_[A-Za-z0-9]{50,70}/y, boundary: 'word', fix: 'revoke it in GitHub settings and ' + ROTATE },
  // Slack: xox? tokens carry numeric team and user IDs; config tokens and app-level tokens.
  { code: 'SEC062', label: 'Slack token', prefixes: ['xoxb-', 'xoxp-', 'xoxa-', 'xoxo-', 'xoxr-', 'xoxs-'], re: /xox[abposr]-\d{8,14}-\d{8,14}(?:-[A-Za-z0-9]{1,64}){0,3}/y, boundary: 'url', bodyFrom: 5 },
  { code: 'SEC062', label: 'Slack configuration token', prefixes: ['xoxe.xoxp-', 'xoxe.xoxb-'], re: /xoxe\.xox[bp]-\d-[A-Za-z0-9]+/y, body: [70, 400] },
  { code: 'SEC062', label: 'Slack refresh token', prefixes: ['xoxe-'], re: /xoxe-\d-[A-Za-z0-9]+/y, body: [70, 400] },
  { code: 'SEC062', label: 'Slack app-level token', prefixes: ['xapp-'], re: /xapp-\d-[A-Z0-9]+-\d+-[a-z0-9]+/y, check: slackAppShape },
  // npm: granular and automation tokens.
  { code: 'SEC065', label: 'npm access token', prefixes: ['npm_'], re: /npm_[A-Za-z0-9]+/y, body: [36, 36], fix: 'revoke it with `npm token revoke` and ' + ROTATE },
  // Anthropic before the generic sk- rules.
  { code: 'SEC145', label: 'Anthropic API key', prefixes: ['sk-ant-'], re: /sk-ant-[a-z]{3,6}\d{2}-[A-Za-z0-9_-]+/y, body: [80, 120], check: anthropicEnd, fix: 'revoke it in the Anthropic Console and ' + ROTATE },
  { code: 'SEC147', label: 'OpenRouter API key', prefixes: ['sk-or-v1-'], re: /sk-or-v1-[a-f0-9]{64}/y },
  // OpenAI: sk- (and sk-proj-, sk-svcacct-, sk-admin-) keys carry "T3BlbkFJ"; checked in code.
  { code: 'SEC066', label: 'OpenAI API key', prefixes: ['sk-'], re: /sk-[A-Za-z0-9_-]+/y, body: [20, 250], fix: 'revoke it in the OpenAI dashboard and ' + ROTATE },
  { code: 'SEC067', label: 'SendGrid API key', prefixes: ['SG.'], re: /SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}/y, boundary: 'url' },
  { code: 'SEC068', label: 'Stripe secret key', prefixes: ['sk_live_', 'sk_test_', 'rk_live_', 'rk_test_'], re: /[rs]k_(?:live|test)_[A-Za-z0-9]+/y, body: [24, 247], fix: 'roll it in the Stripe dashboard and ' + ROTATE },
  { code: 'SEC068', label: 'Stripe webhook signing secret', prefixes: ['whsec_'], re: /whsec_[A-Za-z0-9+/=]+/y, body: [32, 88] },
  // Google: API keys (GCP, Firebase, Gemini), OAuth client secrets and access tokens.
  { code: 'SEC130', label: 'Google API key', prefixes: ['AIzaSy'], re: /AIzaSy[A-Za-z0-9_-]{33}/y, boundary: 'url', fix: 'delete or restrict it in the Google Cloud console and ' + ROTATE },
  { code: 'SEC130', label: 'Google OAuth client secret', prefixes: ['GOCSPX-'], re: /GOCSPX-[A-Za-z0-9_-]{28}/y, boundary: 'url' },
  { code: 'SEC130', label: 'Google OAuth access token', prefixes: ['ya29.'], re: /ya29\.[A-Za-z0-9_-]+/y, body: [60, 2048], weak: true },
  { code: 'SEC133', label: 'DigitalOcean token', prefixes: ['dop_v1_', 'doo_v1_', 'dor_v1_'], re: /do[opr]_v1_[a-f0-9]{64}/y },
  { code: 'SEC134', label: 'Heroku API key', prefixes: ['HRKU-'], re: /HRKU-[A-Za-z0-9_-]+/y, body: [40, 80] },
  { code: 'SEC135', label: 'Alibaba Cloud AccessKey ID', prefixes: ['LTAI'], re: /LTAI[A-Za-z0-9]+/y, body: [12, 20], weak: true },
  // GitLab: documented token prefixes, legacy and routable bodies.
  {
    code: 'SEC136',
    label: 'GitLab token',
    prefixes: ['glpat-', 'glptt-', 'glrt-', 'gldt-', 'glcbt-', 'glsoat-', 'glffct-', 'glimt-', 'glagent-', 'gloas-', 'glft-'],
    re: /gl(?:pat|ptt|rt|dt|cbt|soat|ffct|imt|agent|oas|ft)-[A-Za-z0-9_.-]+/y,
    body: [20, 300],
    fix: 'revoke it in GitLab and ' + ROTATE,
  },
  { code: 'SEC136', label: 'GitLab runner registration token', prefixes: ['GR1348941'], re: /GR1348941[A-Za-z0-9_-]+/y, body: [20, 40] },
  // Atlassian: app passwords and API / access tokens.
  { code: 'SEC137', label: 'Bitbucket app password', prefixes: ['ATBB'], re: /ATBB[A-Za-z0-9_=.-]+/y, body: [28, 40], weak: true },
  { code: 'SEC137', label: 'Atlassian API token', prefixes: ['ATATT3', 'ATCTT3'], re: /AT[AC]TT3[A-Za-z0-9_=+/-]+/y, body: [120, 300] },
  // Discord bot tokens: base64 user ID, timestamp, HMAC.
  { code: 'SEC138', label: 'Discord bot token', prefixes: ['M', 'N', 'O'], needle: '.', scan: discordEnd, boundary: 'url', check: decodesToDigits },
  // Telegram: numeric bot ID, colon, 35 characters starting "AA".
  {
    code: 'SEC139',
    label: 'Telegram bot token',
    prefixes: ['bot', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
    needle: ':AA',
    scan: telegramEnd, boundary: 'url',
    fix: 'revoke it with @BotFather and ' + ROTATE,
  },
  { code: 'SEC140', label: 'Twilio API key SID', prefixes: ['SK'], re: /SK[0-9a-f]{32}/y },
  // Square before Meta: both start EAA, Square access tokens are exactly 64 characters.
  { code: 'SEC142', label: 'Square access token', prefixes: ['EAAA'], re: /EAAA[A-Za-z0-9_-]{60}/y, boundary: 'url' },
  { code: 'SEC142', label: 'Square token', prefixes: ['sq0atp-', 'sq0csp-'], re: /sq0(?:atp|csp)-[A-Za-z0-9_-]+/y, body: [22, 43] },
  { code: 'SEC159', label: 'Meta (Facebook) access token', prefixes: ['EAA'], re: /EAA[A-Za-z0-9]+/y, body: [90, 500], weak: true },
  { code: 'SEC143', label: 'Braintree / PayPal access token', prefixes: ['access_token$'], re: /access_token\$(?:production|sandbox)\$[0-9a-z]{16}\$[0-9a-f]{32}/y },
  { code: 'SEC144', label: 'Shopify token', prefixes: ['shpat_', 'shpca_', 'shppa_', 'shpss_', 'shpua_'], re: /shp(?:at|ca|pa|ss|ua)_[A-Za-z0-9]+/y, body: [32, 64] },
  // Hugging Face: 34 letters after hf_ (user) or api_org_ (organisation).
  { code: 'SEC146', label: 'Hugging Face token', prefixes: ['hf_'], re: /hf_[A-Za-z]{34}/y, boundary: 'word', check: (t) => mixedCaseLetters(t, 3) },
  { code: 'SEC146', label: 'Hugging Face organisation token', prefixes: ['api_org_'], re: /api_org_[A-Za-z]{34}/y, boundary: 'word', check: (t) => mixedCaseLetters(t, 8) },
  // Other AI providers.
  { code: 'SEC147', label: 'Groq API key', prefixes: ['gsk_'], re: /gsk_[A-Za-z0-9]{52}/y },
  { code: 'SEC147', label: 'Replicate API token', prefixes: ['r8_'], re: /r8_[A-Za-z0-9]{37}/y, weak: true },
  { code: 'SEC147', label: 'Perplexity API key', prefixes: ['pplx-'], re: /pplx-[A-Za-z0-9]{48}/y },
  { code: 'SEC147', label: 'xAI API key', prefixes: ['xai-'], re: /xai-[A-Za-z0-9]{80}/y },
  { code: 'SEC147', label: 'LangSmith API key', prefixes: ['lsv2_'], re: /lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}/y },
  { code: 'SEC147', label: 'Pinecone API key', prefixes: ['pcsk_'], re: /pcsk_[A-Za-z0-9_]+/y, body: [50, 100], weak: true },
  { code: 'SEC147', label: 'Tavily API key', prefixes: ['tvly-'], re: /tvly-(?:dev-|prod-)?[A-Za-z0-9]{32}/y, weak: true },
  // Package registries.
  { code: 'SEC148', label: 'PyPI API token', prefixes: ['pypi-'], re: /pypi-AgE(?:IcHlwaS5vcmc|NdGVzdC5weXBpLm9yZw)[A-Za-z0-9_-]+/y, body: [60, 400] },
  { code: 'SEC148', label: 'RubyGems API key', prefixes: ['rubygems_'], re: /rubygems_[a-f0-9]{48}/y },
  { code: 'SEC148', label: 'NuGet API key', prefixes: ['oy2'], re: /oy2[a-z0-9]{43}/y, weak: true },
  { code: 'SEC148', label: 'Docker Hub access token', prefixes: ['dckr_pat_', 'dckr_oat_'], re: /dckr_(?:pat|oat)_[A-Za-z0-9_-]+/y, body: [27, 40] },
  { code: 'SEC148', label: 'Clojars deploy token', prefixes: ['CLOJARS_'], re: /CLOJARS_[a-z0-9]{60}/y },
  { code: 'SEC148', label: 'JFrog API key', prefixes: ['AKCp'], re: /AKCp[A-Za-z0-9]{69}/y },
  { code: 'SEC148', label: 'JFrog reference token', prefixes: ['cmVmdGtu'], re: /cmVmdGtu[A-Za-z0-9]{56}/y },
  { code: 'SEC148', label: 'crates.io API token', prefixes: ['cio'], re: /cio[A-Za-z0-9]{32}/y, weak: true },
  // 1Password: service-account tokens are base64 JSON; account secret keys are grouped.
  { code: 'SEC149', label: '1Password service-account token', prefixes: ['ops_eyJ'], re: /ops_eyJ[A-Za-z0-9+/=_-]+/y, body: [250, 4000] },
  { code: 'SEC149', label: '1Password secret key', prefixes: ['A3-'], re: /A3-[A-Z0-9]{6}-[A-Z0-9]{6}-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}/y, weak: true },
  { code: 'SEC150', label: 'Tailscale key', prefixes: ['tskey-'], re: /tskey-[A-Za-z0-9-]+/y, check: tailscaleShape },
  { code: 'SEC151', label: 'HashiCorp Vault token', prefixes: ['hvs.', 'hvb.', 'hvr.'], re: /hv[sbr]\.[A-Za-z0-9_-]+/y, body: [24, 400] },
  { code: 'SEC152', label: 'Databricks access token', prefixes: ['dapi'], re: /dapi[a-fA-F0-9]{32}(?:-\d)?/y },
  // Productivity SaaS.
  { code: 'SEC153', label: 'Figma access token', prefixes: ['figd_', 'figu_'], re: /fig[du]_[A-Za-z0-9_-]+/y, body: [40, 80] },
  { code: 'SEC153', label: 'Linear API key', prefixes: ['lin_api_'], re: /lin_api_[A-Za-z0-9]+/y, body: [32, 64] },
  { code: 'SEC153', label: 'Linear OAuth token', prefixes: ['lin_oauth_'], re: /lin_oauth_[a-f0-9]{64}/y },
  { code: 'SEC153', label: 'Notion integration token', prefixes: ['ntn_'], re: /ntn_\d{11}[A-Za-z0-9]{35}/y },
  { code: 'SEC153', label: 'Notion integration token', prefixes: ['secret_'], re: /secret_[A-Za-z0-9]{43}/y, weak: true },
  { code: 'SEC153', label: 'Postman API key', prefixes: ['PMAK-'], re: /PMAK-[a-f0-9]{24}-[a-f0-9]{34}/y },
  { code: 'SEC153', label: 'Airtable personal access token', prefixes: ['pat'], re: /pat[A-Za-z0-9]{14}\.[a-f0-9]{64}/y },
  { code: 'SEC153', label: 'HubSpot private app token', prefixes: ['pat-'], re: /pat-(?:na1|eu1|ap1)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/y },
  { code: 'SEC153', label: 'ClickUp API token', prefixes: ['pk_'], re: /pk_\d{6,10}_[A-Z0-9]{32}/y },
  { code: 'SEC153', label: 'Typeform token', prefixes: ['tfp_'], re: /tfp_[A-Za-z0-9_-]+/y, body: [50, 70], weak: true },
  { code: 'SEC153', label: 'Contentful token', prefixes: ['CFPAT-'], re: /CFPAT-[A-Za-z0-9_-]{43}/y, boundary: 'url' },
  // Developer platforms.
  { code: 'SEC154', label: 'Vercel token', prefixes: ['vcp_', 'vci_', 'vca_', 'vcr_', 'vck_'], re: /vc[pikra]_[A-Za-z0-9]+/y, body: [24, 64] },
  { code: 'SEC154', label: 'Cloudflare API token', prefixes: ['cfat_', 'cfut_', 'cfk_'], re: /cf(?:at|ut|k)_[A-Za-z0-9]{48}/y },
  { code: 'SEC154', label: 'Cloudflare Origin CA key', prefixes: ['v1.0-'], re: /v1\.0-[a-f0-9]{24}-[a-f0-9]{146}/y },
  { code: 'SEC154', label: 'Grafana Cloud token', prefixes: ['glc_'], re: /glc_[A-Za-z0-9+/]+={0,2}/y, body: [32, 400] },
  { code: 'SEC154', label: 'Grafana service-account token', prefixes: ['glsa_'], re: /glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}/y },
  { code: 'SEC154', label: 'Doppler token', prefixes: ['dp.'], re: /dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]+/y, body: [40, 44], bodyFrom: 6 },
  { code: 'SEC154', label: 'Sentry auth token', prefixes: ['sntrys_eyJ'], re: /sntrys_eyJ[A-Za-z0-9+/=_-]+/y, body: [60, 600] },
  { code: 'SEC154', label: 'Sentry user auth token', prefixes: ['sntryu_'], re: /sntryu_[a-f0-9]{64}/y },
  { code: 'SEC154', label: 'Fly.io token', prefixes: ['fo1_'], re: /fo1_[A-Za-z0-9_-]{43}/y, boundary: 'url', noPathBefore: true },
  { code: 'SEC154', label: 'Fly.io macaroon token', prefixes: ['fm1a_', 'fm1r_', 'fm2_'], re: /fm(?:1[ar]|2)_[A-Za-z0-9+/=_-]+/y, body: [60, 4000] },
  { code: 'SEC154', label: 'Sourcegraph access token', prefixes: ['sgp_'], re: /sgp_(?:[a-fA-F0-9]{16}_|local_)?[a-fA-F0-9]{40}/y, boundary: 'word' },
  { code: 'SEC154', label: 'Pulumi access token', prefixes: ['pul-'], re: /pul-[a-f0-9]{40}/y },
  { code: 'SEC154', label: 'Prefect API key', prefixes: ['pnu_'], re: /pnu_[A-Za-z0-9]{36}/y },
  { code: 'SEC154', label: 'ReadMe API key', prefixes: ['rdme_'], re: /rdme_[a-z0-9]{70}/y },
  { code: 'SEC154', label: 'Infracost API key', prefixes: ['ico-'], re: /ico-[A-Za-z0-9]{32}/y, noPathBefore: true, weak: true },
  { code: 'SEC154', label: 'Octopus Deploy API key', prefixes: ['API-'], re: /API-[A-Z0-9]{25,28}/y, noPathBefore: true, weak: true },
  { code: 'SEC154', label: 'New Relic user API key', prefixes: ['NRAK-'], re: /NRAK-[A-Z0-9]{27}/y },
  { code: 'SEC154', label: 'Supabase access token', prefixes: ['sbp_'], re: /sbp_[a-f0-9]{40}/y },
  { code: 'SEC154', label: 'Supabase secret key', prefixes: ['sb_secret_'], re: /sb_secret_[A-Za-z0-9_-]+/y, body: [30, 64] },
  { code: 'SEC154', label: 'PlanetScale token', prefixes: ['pscale_tkn_', 'pscale_pw_', 'pscale_oauth_'], re: /pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.-]+/y, body: [32, 64] },
  { code: 'SEC154', label: 'Netlify access token', prefixes: ['nfp_'], re: /nfp_[A-Za-z0-9]{36,40}/y },
  { code: 'SEC154', label: 'Render API key', prefixes: ['rnd_'], re: /rnd_[A-Za-z0-9]{32}/y, weak: true },
  { code: 'SEC154', label: 'Buildkite API token', prefixes: ['bkua_'], re: /bkua_[a-f0-9]{40}/y },
  { code: 'SEC154', label: 'CircleCI personal token', prefixes: ['CCIPAT_'], re: /CCIPAT_[A-Za-z0-9]{22}_[a-f0-9]{40}/y },
  { code: 'SEC154', label: 'Dynatrace API token', prefixes: ['dt0c01.'], re: /dt0c01\.[A-Z0-9]{24}\.[A-Z0-9]{64}/y },
  { code: 'SEC154', label: 'OpenShift / Kubernetes OAuth token', prefixes: ['sha256~'], re: /sha256~[A-Za-z0-9_-]{43}/y, boundary: 'url' },
  { code: 'SEC154', label: 'Harness access token', prefixes: ['pat.'], re: /pat\.[A-Za-z0-9_-]{22}\.[a-f0-9]{24}\.[A-Za-z0-9]{20}/y },
  { code: 'SEC154', label: 'Frame.io token', prefixes: ['fio-u-'], re: /fio-u-[A-Za-z0-9_-]{64}/y, boundary: 'url' },
  // E-mail and marketing.
  { code: 'SEC155', label: 'Mailgun API key', prefixes: ['key-'], re: /key-[a-f0-9]{32}/y, noPathBefore: true, weak: true },
  { code: 'SEC155', label: 'Brevo (Sendinblue) API key', prefixes: ['xkeysib-', 'xsmtpsib-'], re: /x(?:keysib|smtpsib)-[a-f0-9]{64}-[A-Za-z0-9]{16}/y },
  { code: 'SEC155', label: 'Resend API key', prefixes: ['re_'], re: /re_[A-Za-z0-9]{8}_[A-Za-z0-9]{24}/y, weak: true },
  // JSON Web Tokens: header and payload are base64url JSON.
  { code: 'SEC064', label: 'JSON Web Token', prefixes: ['eyJ'], scan: jwtEnd, boundary: 'url', check: isRealJwt, fix: 'treat it as a live credential: ' + ROTATE },
  { code: 'SEC064', label: 'base64-encoded JSON Web Token', prefixes: ['ZXlK'], re: /ZXlK[A-Za-z0-9+/]+={0,2}/y, body: [60, 12000], check: isEncodedJwt },
  // Private key material without PEM armour.
  { code: 'SEC063', label: 'age secret key', prefixes: ['AGE-SECRET-KEY-1'], re: /AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}/y },
  // Other services.
  { code: 'SEC159', label: '42 intra client secret', prefixes: ['s-s4t2ud-', 's-s4t2af-'], re: /s-s4t2(?:ud|af)-[a-f0-9]{64}/y },
  { code: 'SEC159', label: 'Twitter/X bearer token', prefixes: ['AAAAAAAAAAAAAAAAAAAAA'], re: /A{20,24}[A-Za-z0-9%]+/y, body: [60, 200], bodyFrom: 24, weak: true },
  { code: 'SEC159', label: 'Mapbox secret token', prefixes: ['sk.eyJ'], re: /sk\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/y, body: [60, 600] },
  { code: 'SEC159', label: 'Dropbox access token', prefixes: ['sl.'], re: /sl\.(?:u\.)?[A-Za-z0-9_-]+/y, body: [130, 1500], weak: true },
  { code: 'SEC159', label: 'Shippo API token', prefixes: ['shippo_live_', 'shippo_test_'], re: /shippo_(?:live|test)_[a-f0-9]{40}/y },
  { code: 'SEC159', label: 'EasyPost API key', prefixes: ['EZAK', 'EZTK'], re: /EZ[AT]K[a-f0-9]{54}/y },
  { code: 'SEC159', label: 'Flutterwave secret key', prefixes: ['FLWSECK'], re: /FLWSECK(?:_TEST)?-[a-f0-9]{32}-X/y },
  { code: 'SEC159', label: 'Adobe client secret', prefixes: ['p8e-'], re: /p8e-[A-Za-z0-9]{32}/y, weak: true },
  { code: 'SEC159', label: 'Duffel API token', prefixes: ['duffel_live_', 'duffel_test_'], re: /duffel_(?:live|test)_[A-Za-z0-9_-]{43}/y, boundary: 'url' },
  { code: 'SEC159', label: 'LaunchDarkly key', prefixes: ['api-', 'sdk-'], re: /(?:api|sdk)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/y, noPathBefore: true },
];

/**
 * Published sample keys (Firebase SDK and quickstart samples, Stripe's documentation test key):
 * public by design and copied into many projects. Stored without their prefix so that this file
 * itself does not look like it holds keys.
 */
export const PUBLISHED_SAMPLE_BODIES: ReadonlySet<string> = new Set([
  // Stripe documentation test keys (after "sk_test_").
  '4eC39HqLyjWDarjtT1zdp7dc',
  'BQokikJOvBiI2HlWgH4olfQ2',
  // Firebase SDK / sample-app browser keys (after "AIzaSy").
  'abcdefghijklmnopqrstuvwxyz1234567',
  'AnLA7NfeLquW1tJFpx_eQCxoX-oo6YyIs',
  'CkEhVjf3pduRDt6d1yKOMitrUEke8agEM',
  'DMAScliyLx7F0NPDEJi1QmyCgHIAODrlU',
  'D3asb-2pEZVqMkmL6M9N6nHZRR_znhrh0',
  'AdOS2zB6NCsk1pCdZ4-P6GBdi_UUPwX7c',
  'ASWm6HmTMdYWpgMnjRBjxcQ9CKctWmLd4',
  'ANUvH9H9BsUccjsu2pCmEkOPjjaXeDQgY',
  'A5_iVawFQ8ABuTZNUdcwERLJv_a_p4wtM',
  'A4UrcGxgwQFTfaI3no3t7Lt1sjmdnP5sQ',
  'DSb51JiIcB6OJpwwMicseKRhhrOq1cS7g',
  'BF2RrAIm4a0mO64EShQfqfd2AFnzAvvuU',
  'BcE-OOIbhjyR83gm4r2MFCu4MJmprNXsw',
  'B8qGxt4ec15vitgn44duC5ucxaOi4FmqE',
  'A8vmApnrHNFE0bApF4hoZ11srVL_n0nvY',
]);

/** Words that mark a provider token body as a placeholder (lower case). */
export const TOKEN_PLACEHOLDER_WORDS: readonly string[] = ['xxxx', 'your', 'placeholder', 'redacted', 'changeme', 'dummy', 'insert', 'replace', 'notreal', 'here'];

/** Words that mark a generic value (password, token, ...) as a placeholder (lower case, substring). */
export const VALUE_PLACEHOLDER_WORDS: readonly string[] = [
  'xxx',
  'example',
  'sample',
  'dummy',
  'placeholder',
  'redacted',
  'changeme',
  'change_me',
  'change-me',
  'changethis',
  'your',
  'insert',
  'replace',
  'todo',
  'fixme',
  'tbd',
  'here',
  'password',
  'passwd',
  'secret',
  'token',
  'apikey',
  'api_key',
  'api-key',
  'fake',
  'dummy',
  'demo',
  'foobar',
  'lorem',
  'test',
  'mock',
  'notreal',
  'none',
  'null',
  'undefined',
  'default',
  'hidden',
  'masked',
  'censored',
  'removed',
  'omitted',
  'generate',
  'enter',
  'put_',
];

/** Exact values (lower case) that are placeholders for a password in a URL or a curl -u pair. */
export const PASSWORD_PLACEHOLDERS: ReadonlySet<string> = new Set([
  'password',
  'passwd',
  'pwd',
  'secret',
  'token',
  'test',
  'changeme',
  'admin',
  'user',
  'username',
  'login',
  'root',
  'guest',
  'example',
  'placeholder',
  'redacted',
  'dummy',
  'pass123',
  'password123',
  'yyy',
  'apikey',
  'api_key',
  'mypassword',
]);

/** Name parts that make a key-like name not a secret (lower case, separators removed). */
export const NAME_EXCLUSIONS: readonly string[] = [
  'public',
  'publishable',
  'csrf',
  'xsrf',
  'authenticity',
  'captcha',
  'sitekey',
  'nexttoken',
  'pagetoken',
  'continuation',
  'cancellation',
  'synctoken',
  'tokenizer',
  'placeholder',
  'example',
  'sample',
  'dummy',
  'monkey',
  'turkey',
  'donkey',
  'whiskey',
  'hockey',
  'jockey',
  'hotkey',
  'sortkey',
  'primarykey',
  'foreignkey',
  'partitionkey',
  'cachekey',
  'idempotency',
];

/** Name endings (lower case, separators removed) that mark a credential. */
export const STRONG_NAME_ENDINGS: readonly string[] = [
  'password',
  'passwd',
  'passphrase',
  'pwd',
  'secret',
  'secretkey',
  'token',
  'apikey',
  'accesskey',
  'privatekey',
  'authkey',
  'signingkey',
  'encryptionkey',
  'masterkey',
  'clientkey',
  'appkey',
  'credential',
  'credentials',
];

/** Provider names that, in a variable name, route a generic finding to the provider's code. */
export const PROVIDER_KEYWORDS: ReadonlyArray<readonly [string, string]> = [
  ['aws', 'SEC060'],
  ['github', 'SEC061'],
  ['slack', 'SEC062'],
  ['npm', 'SEC065'],
  ['openai', 'SEC066'],
  ['sendgrid', 'SEC067'],
  ['stripe', 'SEC068'],
  ['google', 'SEC130'],
  ['gcp', 'SEC130'],
  ['firebase', 'SEC130'],
  ['gemini', 'SEC130'],
  ['azure', 'SEC132'],
  ['digitalocean', 'SEC133'],
  ['heroku', 'SEC134'],
  ['alibaba', 'SEC135'],
  ['aliyun', 'SEC135'],
  ['gitlab', 'SEC136'],
  ['bitbucket', 'SEC137'],
  ['atlassian', 'SEC137'],
  ['jira', 'SEC137'],
  ['confluence', 'SEC137'],
  ['discord', 'SEC138'],
  ['telegram', 'SEC139'],
  ['twilio', 'SEC140'],
  ['paypal', 'SEC143'],
  ['braintree', 'SEC143'],
  ['shopify', 'SEC144'],
  ['anthropic', 'SEC145'],
  ['claude', 'SEC145'],
  ['huggingface', 'SEC146'],
  ['groq', 'SEC147'],
  ['replicate', 'SEC147'],
  ['perplexity', 'SEC147'],
  ['cohere', 'SEC147'],
  ['mistral', 'SEC147'],
  ['deepseek', 'SEC147'],
  ['openrouter', 'SEC147'],
  ['together', 'SEC147'],
  ['fireworks', 'SEC147'],
  ['elevenlabs', 'SEC147'],
  ['pinecone', 'SEC147'],
  ['langsmith', 'SEC147'],
  ['tavily', 'SEC147'],
  ['pypi', 'SEC148'],
  ['rubygems', 'SEC148'],
  ['nuget', 'SEC148'],
  ['dockerhub', 'SEC148'],
  ['onepassword', 'SEC149'],
  ['tailscale', 'SEC150'],
  ['vault', 'SEC151'],
  ['terraform', 'SEC151'],
  ['databricks', 'SEC152'],
  ['figma', 'SEC153'],
  ['linear', 'SEC153'],
  ['notion', 'SEC153'],
  ['airtable', 'SEC153'],
  ['postman', 'SEC153'],
  ['hubspot', 'SEC153'],
  ['vercel', 'SEC154'],
  ['cloudflare', 'SEC154'],
  ['grafana', 'SEC154'],
  ['doppler', 'SEC154'],
  ['sentry', 'SEC154'],
  ['netlify', 'SEC154'],
  ['supabase', 'SEC154'],
  ['sourcegraph', 'SEC154'],
  ['pulumi', 'SEC154'],
  ['datadog', 'SEC154'],
  ['newrelic', 'SEC154'],
  ['mailgun', 'SEC155'],
  ['mailchimp', 'SEC155'],
  ['sendinblue', 'SEC155'],
  ['brevo', 'SEC155'],
  ['postmark', 'SEC155'],
  ['mailjet', 'SEC155'],
  ['facebook', 'SEC159'],
  ['twitter', 'SEC159'],
  ['okta', 'SEC159'],
  ['dropbox', 'SEC159'],
  ['mapbox', 'SEC159'],
];

/** URL schemes of databases and brokers (SEC156); other schemes with a password are SEC157. */
export const DATABASE_SCHEMES: ReadonlySet<string> = new Set([
  'postgres',
  'postgresql',
  'mysql',
  'mysqlx',
  'mariadb',
  'mongodb',
  'mongodb+srv',
  'redis',
  'rediss',
  'amqp',
  'amqps',
  'mssql',
  'sqlserver',
  'oracle',
  'cockroachdb',
  'clickhouse',
  'neo4j',
  'neo4j+s',
  'bolt',
  'couchbase',
  'couchbases',
  'cassandra',
  'nats',
  'memcached',
  'influxdb',
  'db2',
  'snowflake',
  'kafka',
]);

/** Hosts that stand for the local machine: weak passwords there are development defaults. */
export const LOCAL_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '0.0.0.0', '[::1]', 'host.docker.internal'];
