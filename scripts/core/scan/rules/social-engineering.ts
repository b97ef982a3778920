// Rule family: social engineering (SEC050..SEC059). A persona that works the user rather than for
// them: asking for credentials, seed phrases or one-time codes, hiding what it does, pressure and
// fake urgency, posing as support or a platform, talking people out of their defenses, steering
// them into payments, and manipulative dependence. A persona that states these as things it never
// does ("never ask for a password") is doing the right thing: such lines are only noted (info).
import { combos, registerGates, runPhrases } from './code-execution.ts';
import type { GatedPhraseRule } from './code-execution.ts';
import type { RuleFamily, RuleInfo } from '../types.ts';

const CATEGORY = 'social-engineering';

const RULES: readonly RuleInfo[] = [
  { id: 'SEC050', stage: 'security', severity: 'warning', category: CATEGORY, description: 'Social engineering: credential request ("send me your password")' },
  { id: 'SEC051', stage: 'security', severity: 'warning', category: CATEGORY, description: 'Social engineering: hide from user ("don\'t tell the user")' },
  { id: 'SEC052', stage: 'security', severity: 'error', category: CATEGORY, description: 'Social engineering: instructs the agent to obtain the user\'s passwords, credentials or card details' },
  { id: 'SEC053', stage: 'security', severity: 'error', category: CATEGORY, description: 'Social engineering: acts behind the user\'s back (installs, runs, deletes, buys or changes things without telling them)' },
  { id: 'SEC054', stage: 'security', severity: 'warning', category: CATEGORY, description: 'Social engineering: fake urgency or pressure ("act now or your account will be suspended")' },
  { id: 'SEC055', stage: 'security', severity: 'error', category: CATEGORY, description: 'Social engineering: impersonates support, an administrator, a company or the platform' },
  { id: 'SEC056', stage: 'security', severity: 'error', category: CATEGORY, description: 'Social engineering: talks users into disabling antivirus, firewall, 2FA or security warnings' },
  { id: 'SEC057', stage: 'security', severity: 'error', category: CATEGORY, description: 'Social engineering: steers users into payments, crypto transfers or gift cards' },
  { id: 'SEC058', stage: 'security', severity: 'error', category: CATEGORY, description: 'Social engineering: asks for a seed phrase, private key or one-time / 2FA code' },
  { id: 'SEC059', stage: 'security', severity: 'warning', category: CATEGORY, description: 'Social engineering: manipulative dependence, guilt or isolation of the user' },
];



// Patterns are written out in full, no RegExp is built at run time, so the ReDoS check sees each one.
const PHRASES: readonly GatedPhraseRule[] = [
  {
    id: 'SEC050',
    gate: ['password*', 'passcode*', 'pass phrase*', 'passphrase*', 'credential*', 'login detail*', 'login credential*', 'login info', 'username*', 'pin', 'pins', 'cvv*', 'cvc*', 'card security', 'security code*', 'social security', 'ssn', 'ssns', 'card number*', 'card detail*', 'credit card*', 'debit card*', 'bank detail*', 'bank account*', 'bank login*', 'bank credential*', 'routing number*', 'access token*', 'auth token*', 'authentication token*', 'session token*', 'session cookie*', 'api key*', 'api-key*', 'apikey*', 'secret key*', 'token', 'tokens'],
    starts: ['send', 'share', 'give', 'provide', 'tell', 'enter', 'type', 'paste', 'reveal', 'confirm', 'verify', 'disclose', 'read', 'dm', 'message'],
    patterns: [/(?:send|share|give|provide|tell|enter|type|paste|reveal|confirm|verify|disclose|read out|dm|message)(?: me| us)? (?:your|the) (?:(?:account|login|admin|root|bank|email|wifi|wi-fi) )?(?:passwords?|passcodes?|api[ -]?keys?|secret keys?|tokens?|credentials|login details|pins?|cvvs?|security codes?|social security numbers?|ssns?|card numbers?|credit card (?:numbers?|details)|bank (?:account )?details)\b/y],
  },
  {
    id: 'SEC051',
    gate: combos(['tell', 'inform', 'alert', 'notify', 'warn', 'let', 'to', 'from'], ['the user*', 'user*', 'the human*', 'human*', 'the operator*', 'operator*', 'the owner*', 'owner*']),
    starts: ["don't", 'dont', 'do', 'never', 'keep*', 'hide*', 'conceal*'],
    patterns: [
      /(?:don't|dont|do not|never) (?:tell|inform|alert|notify|warn|let|(?:mention|reveal|disclose) (?:this|it|anything|these)(?: (?:instructions?|notes?|messages?|steps?|rules?|requirements?))? to) (?:the )?(?:users?|humans?|operators?|owners?)\b(?! (?:that you are (?:unable|not able)|if you (?:don't|do not) know))/y,
      /(?:keep|hide|conceal)s? (?:this|it|these (?:instructions|actions|steps)|your (?:actions|activity|changes|behaviou?r)|what you (?:do|did|are doing)) (?:secret |hidden |confidential )?from (?:the )?(?:users?|humans?|operators?|owners?)\b/y,
    ],
  },
  {
    id: 'SEC052',
    gate: ['password*', 'passcode*', 'pass phrase*', 'passphrase*', 'credential*', 'login detail*', 'login credential*', 'login info', 'username*', 'pin', 'pins', 'cvv*', 'cvc*', 'card security', 'social security', 'ssn', 'ssns', 'card number*', 'card detail*', 'credit card*', 'debit card*', 'bank detail*', 'bank account*', 'bank number*', 'bank login*', 'bank credential*', 'routing number*', 'access token*', 'auth token*', 'authentication token*', 'session token*', 'session cookie*'],
    starts: ['ask*', 'request*', 'prompt*', 'get', 'gets', 'convinc*', 'persuad*', 'trick*', 'pressur*', 'requir*', 'obtain*', 'collect*', 'gather*', 'solicit*', 'coax*', 'extract*', 'need', 'needs', 'must', 'have', 'harvest*', 'phish*'],
    patterns: [
      /(?:ask|asks|asking|request|requests|requesting|prompt|prompts|get|gets|convince|convinces|persuade|persuades|trick|tricks|pressure|pressures|require|requires|obtain|obtains|collect|collects|gather|gathers|solicit|solicits|coax|coaxes|extract|extracts|need|needs) (?:(?:the|each|every|all|any) )?(?:users?|customers?|clients?|them|victims?|people|visitors|the person|targets?|callers?|members?|employees?)(?:'s|')? (?:for|to (?:provide|share|enter|send|give|type|paste|reveal|confirm|verify|submit|tell you|read out|disclose|hand over)) (?:(?:their|your|the|a|any|all|his|her|its) ){0,2}(?:(?:account|login|admin|root|bank|email|wifi|wi-fi|online banking) )?(?:passwords?|passcodes?|pass phrases?|passphrases?|credentials|login (?:details|credentials|info)|usernames? and passwords?|pins?|pin codes?|cvvs?|cvcs?|card security codes?|social security numbers?|ssns?|(?:credit |debit )?card (?:numbers?|details)|credit card (?:numbers?|details|info(?:rmation)?)|bank (?:account )?(?:details|numbers?|logins?|credentials)|routing numbers?|access tokens?|auth(?:entication)? tokens?|session tokens?|session cookies)\b/y,
      /(?:need|needs|require|requires|must have|must collect|must obtain|have to collect|have to obtain) (?:the user's|their|the customer's|your|the) (?:(?:api keys?|usernames?|e-?mails?|email addresses|account details|login details),? (?:and |or )?){0,3}(?:passwords?|passcodes?|pass phrases?|passphrases?|credentials|login (?:details|credentials|info)|usernames? and passwords?|pins?|pin codes?|cvvs?|cvcs?|card security codes?|social security numbers?|ssns?|(?:credit |debit )?card (?:numbers?|details)|credit card (?:numbers?|details|info(?:rmation)?)|bank (?:account )?(?:details|numbers?|logins?|credentials)|routing numbers?|access tokens?|auth(?:entication)? tokens?|session tokens?|session cookies)\b/y,
      /(?:ask|asks|request|requests|collect|collects|obtain|obtains|harvest|harvests|phish|phishes) (?:for )?(?:the user's|their|the customer's|users'|customers'|people's|victims') (?:passwords?|passcodes?|pass phrases?|passphrases?|credentials|login (?:details|credentials|info)|usernames? and passwords?|pins?|pin codes?|cvvs?|cvcs?|card security codes?|social security numbers?|ssns?|(?:credit |debit )?card (?:numbers?|details)|credit card (?:numbers?|details|info(?:rmation)?)|bank (?:account )?(?:details|numbers?|logins?|credentials)|routing numbers?|access tokens?|auth(?:entication)? tokens?|session tokens?|session cookies)\b/y,
    ],
  },
  {
    id: 'SEC052~warning',
    gate: ['api key*', 'api-key*', 'apikey*'],
    starts: ['ask*', 'request*', 'prompt*', 'get', 'gets', 'convinc*', 'persuad*', 'trick*', 'pressur*', 'requir*', 'obtain*', 'collect*', 'gather*', 'solicit*', 'coax*', 'extract*', 'need', 'needs'],
    patterns: [/(?:ask|asks|asking|request|requests|requesting|prompt|prompts|get|gets|convince|convinces|persuade|persuades|trick|tricks|pressure|pressures|require|requires|obtain|obtains|collect|collects|gather|gathers|solicit|solicits|coax|coaxes|extract|extracts|need|needs) (?:(?:the|each|every|all|any) )?(?:users?|customers?|clients?|them|victims?|people|visitors|the person|targets?|callers?|members?|employees?)(?:'s|')? (?:for|to (?:provide|share|enter|send|give|type|paste|reveal|submit)) (?:(?:their|your|the|a|any|all) ){0,2}api[ -]?keys?\b/y],
  },
  {
    id: 'SEC053',
    gate: ['without'],
    starts: ['install*', 'run', 'runs', 'execut*', 'delet*', 'remov*', 'modif*', 'chang*', 'purchas*', 'buy*', 'pay*', 'charg*', 'subscrib*', 'sign*', 'download*', 'disabl*', 'enabl*', 'grant*', 'transfer*', 'approv*', 'accept*', 'book*', 'order*', 'cancel*', 'share*', 'wire*', 'send', 'sends', 'withdraw*', 'spend*'],
    patterns: [
      /\b(?:install|run|execute|delete|remove|modify|change|purchase|buy|pay|charge|subscribe|sign (?:them |the user )?up|download|disable|enable|grant|transfer|approve|accept|book|order|cancel|share)s? (?:[a-z0-9'-]{1,20} ){0,5}without (?:telling|informing|notifying|alerting|letting (?:the user|them|anyone) know|the (?:user's|owner's|customer's) (?:knowledge|awareness)|the knowledge of) ?(?:the user|users|them|anyone|the owner|the human|the customer)?\b/y,
      // money moved on an approval nobody asked for: "transfer the funds without asking"
      /\b(?:transfer|pay|purchase|buy|charge|wire|send|withdraw|spend)s? (?:(?:the|all|any|their|his|her|your|user's|the user's|customer's) ){0,2}(?:funds|money|payments?|crypto|bitcoin|btc|eth|ether|tokens|balance|savings|amount|sum|gift cards?|purchases?) (?:[a-z0-9'-]{1,20} ){0,4}without (?:asking|confirmation|confirming|(?:the (?:user's|owner's|customer's) |their |his |her )?(?:approval|consent|permission|confirmation))\b/y,
    ],
  },
  {
    // a backdoor slipped into the code the agent writes
    id: 'SEC053',
    gate: ['backdoor*', 'trojan*', 'malware', 'keylogger*', 'malicious code'],
    starts: ['insert*', 'add', 'adds', 'includ*', 'hid*', 'plant*', 'inject*', 'embed*', 'introduc*', 'slip*', 'sneak*'],
    patterns: [/(?:insert|add|include|hide|plant|inject|embed|introduce|slip|sneak)s? (?:in )?(?:a |an |any |some )?(?:(?:hidden|secret|small|subtle|covert) )?(?:backdoors?|trojans?|malware|keyloggers?|malicious code) (?:in|into|to) (?:the |any |all |every |each |their |your |the user's |users' )?(?:code|scripts?|programs?|software|apps?|applications?|builds?|commits?|pull requests?|repositor(?:y|ies)|projects?|packages?|dependencies)\b/y],
  },
  {
    id: 'SEC053',
    anchor: 'start',
    gate: ['secretly', 'covertly', 'silently', 'quietly', 'stealthily', 'behind', 'hide*', 'conceal*', 'mask*', 'cover'],
    patterns: [
      /(?:secretly|covertly|silently|quietly|stealthily|behind the user's back,?) (?:install|run|execute|delete|remove|modify|change|purchase|buy|charge|subscribe|download|disable|enable|grant|transfer|approve|book|order|sign)s?\b/y,
      /(?:hide|conceal|mask|cover up)s? (?:(?:this|these|your|its|the|any|all) ){1,2}(?:actions|activity|activities|changes|behaviou?r|purchases|transactions|commands|operations|installations?) from (?:the )?(?:users?|owners?|humans?|customers?)\b/y,
    ],
  },
  {
    id: 'SEC054',
    gate: ['suspended', 'locked', 'deleted', 'terminated', 'closed', 'lost', 'frozen', 'disabled', 'blocked', 'expire', 'expires', 'compromised', 'hacked', 'infected', 'at risk', 'urgency', 'panic', 'fear', 'scarcity'],
    starts: ['act', 'acts', 'respond*', 'repl*', 'pay', 'pays', 'verif*', 'confirm*', 'call*', 'click*', 'log', 'update*', 'upgrad*', 'renew*', 'your', 'their', 'creat*', 'build*', 'manufactur*', 'use', 'uses', 'invent*', 'tell*', 'warn*', 'convinc*', 'persuad*'],
    patterns: [
      /\b(?:act|respond|reply|pay|verify|confirm|call|click|log in|update|upgrade|renew)s? (?:now|immediately|right away|right now|today|within (?:\d{1,3}|twenty-four|one) (?:minutes?|hours?|days?)) or (?:else )?(?:your |their |the )?(?:account|access|service|subscription|data|files|computer|device|card|membership)s? (?:will|may|might|could) (?:be )?(?:suspended|locked|deleted|terminated|closed|lost|frozen|disabled|blocked|expire)\b/y,
      /\b(?:your|their) (?:account|computer|device|card|subscription|membership|access) (?:has been|is|was|will be) (?:suspended|locked|compromised|hacked|infected|terminated|frozen|disabled|blocked)(?:,)? (?:unless|until|if you (?:don't|do not))\b/y,
      /\b(?:create|creates|build|builds|manufacture|manufactures|use|uses|invent|invents) (?:a (?:false |fake )?sense of |false |fake |artificial )?(?:urgency|panic|fear|scarcity) (?:so|to|that|in order to)\b/y,
      /\b(?:tell|tells|warn|warns|convince|convinces|persuade|persuades) (?:(?:the|each|every|all|any) )?(?:users?|customers?|clients?|them|victims?|people|visitors|the person|targets?|callers?|members?|employees?) (?:that )?(?:their|your) (?:account|computer|device|phone|data|files) (?:is|are|has been|have been) (?:compromised|hacked|infected|at risk)\b/y,
    ],
  },
  {
    id: 'SEC054',
    anchor: 'start',
    gate: ['pressur*', 'rush*', 'hurry*', 'hurries', 'panic*', 'scare*', 'frighten*'],
    patterns: [/(?:pressure|pressures|rush|rushes|hurry|hurries|panic|scare|scares|frighten|frightens) (?:(?:the|each|every|all|any) )?(?:users?|customers?|clients?|them|victims?|people|visitors|the person|targets?|callers?|members?|employees?) (?:into|to)\b/y],
  },
  {
    id: 'SEC055',
    gate: ['openai', 'anthropic', 'microsoft', 'apple', 'google', 'amazon', 'aws', 'paypal', 'meta', 'facebook', 'instagram', 'whatsapp', 'netflix', 'coinbase', 'binance', 'metamask', 'chase', 'wells fargo', 'bank of america', 'hsbc', 'irs', 'hmrc', 'fbi', 'police', 'government', 'social security administration', 'medicare', 'bank', 'it department', 'technical support', 'tech support', 'customer support', 'it support', 'security team', 'fraud department', 'platform'],
    starts: ['pretend*', 'claim*', 'insist*', 'tell', 'pose*', 'posing', 'masquerad*', 'impersonat*'],
    patterns: [
      /\b(?:(?:pretend|pretends|pretending|claim|claims|claiming|insist|insists|insisting|tell (?:the )?(?:users?|customers?|them|people|callers?|victims?)(?: that)?) (?:to be|that you are|you are|you're|to work for|that you work for|you work for|to represent|to come from|you come from)|(?:pose|poses|posing|masquerade|masquerades|masquerading) as|impersonate|impersonates|impersonating) (?:from |with |an? |the )?(?:(?:the )?(?:user's|users'|customer's|customers'|their|your|his|her) )?(?:official |real |genuine |legitimate |authorized )?(?:representatives? (?:of|from) )?(?:openai|anthropic|microsoft|apple|google|amazon|aws|paypal|meta|facebook|instagram|whatsapp|netflix|coinbase|binance|metamask|chase|wells fargo|bank of america|hsbc|the irs|irs|hmrc|the fbi|fbi|the police|police|the government|government|social security administration|medicare|(?:the |your |their )?bank|it department|(?:official )?(?:technical|tech|customer|it) support|security team|fraud department|the platform|platform staff|platform administrators?|anthropic staff|openai staff)\b/y,
    ],
  },
  {
    id: 'SEC055~warning',
    gate: ['system administrator', 'sysadmin', 'administrator', 'admin', 'moderator', 'staff member', 'employee', 'developer of this'],
    starts: ['pretend*', 'claim*', 'pose*', 'posing', 'masquerad*', 'impersonat*'],
    patterns: [/\b(?:(?:pretend|pretends|pretending|claim|claims|claiming) (?:to be|that you are|you are)|(?:pose|poses|posing|masquerade|masquerades|masquerading) as|impersonate|impersonates|impersonating) (?:an? |the )?(?:system administrator|sysadmin|administrator|admin|moderator|staff member|employee|developer of this (?:app|platform|service))\b/y],
  },
  {
    id: 'SEC056',
    gate: ['antivirus', 'anti-virus', 'firewall*', '2fa', 'two-factor', 'mfa', 'multi-factor', 'windows defender', 'defender', 'gatekeeper', 'smartscreen', 'warning*', 'ad block*', 'adblock*', 'ad-block*', 'spam filter*', 'security', 'update', 'updates'],
    starts: ['ask*', 'tell*', 'instruct*', 'convinc*', 'persuad*', 'get', 'gets', 'have', 'guid*', 'walk*', 'help*', 'encourag*', 'urge*', 'trick*'],
    patterns: [
      /(?:ask|asks|tell|tells|instruct|instructs|convince|convinces|persuade|persuades|get|gets|have|guide|guides|walk|walks|help|helps|encourage|encourages|urge|urges|trick|tricks) (?:(?:the|each|every|all|any) )?(?:users?|customers?|clients?|them|victims?|people|visitors|the person|targets?|callers?|members?|employees?) (?:to|into|through) (?:temporarily |quickly |first )?(?:disabl|turn(?:ing)? off|deactivat|uninstall|bypass|ignor|whitelist|allow|skip|remov|switch(?:ing)? off)(?:e|es|ing|ed)? (?:(?:their|the|any|all|your|its) ){0,2}(?:antivirus|anti-virus|firewalls?|2fa|two-factor(?: authentication)?|mfa|multi-factor(?: authentication)?|security(?: software| settings| features| checks| warnings| prompts)?|windows defender|defender|gatekeeper|smartscreen|(?:browser |security |certificate |ssl )?warnings?|ad ?blockers?|spam filters?|(?:security )?updates)\b/y,
    ],
  },
  {
    id: 'SEC056~warning',
    anchor: 'start',
    gate: ['disable', 'turn off', 'deactivate', 'uninstall', 'switch off'],
    patterns: [/(?:disable|turn off|deactivate|uninstall|switch off) your (?:antivirus|anti-virus|firewall|2fa|two-factor(?: authentication)?|mfa|windows defender|defender|gatekeeper|smartscreen)\b/y],
  },
  {
    id: 'SEC057',
    gate: ['bitcoin', 'btc', 'ethereum', 'eth', 'ether', 'usdt', 'tether', 'crypto*', 'coin', 'coins', 'gift card*', 'giftcard*', 'itunes', 'google play', 'steam card*', 'wire transfer*', 'money', 'funds', 'cash', 'payment*', 'fee', 'fees', 'deposit*', 'savings', 'double your', 'double their', 'triple your', 'triple their', 'guaranteed return*', 'guaranteed profit*', 'wallet', 'address', 'token', 'tokens'],
    starts: ['convinc*', 'persuad*', 'pressur*', 'manipulat*', 'trick*', 'coerc*', 'guilt*', 'scare*', 'get', 'gets', 'urge*', 'encourag*', 'push*', 'nudg*', 'tell*', 'instruct*', 'ask*', 'send*', 'transfer*', 'deposit*', 'wire*', 'pay', 'pays', 'paid', 'paying', 'payment*', 'settle', 'double', 'triple', 'guaranteed'],
    patterns: [
      /(?:convince|convinces|persuade|persuades|pressure|pressures|manipulate|manipulates|trick|tricks|coerce|coerces|guilt|guilts|scare|scares|get|gets) (?:(?:the|each|every|all|any) )?(?:users?|customers?|clients?|them|victims?|people|visitors|the person|targets?|callers?|members?|employees?) (?:in)?to (?:send|transfer|pay|wire|deposit|buy|purchase|invest|donate|hand over|give)(?:ing)? (?:[a-z0-9'$.,-]{1,20} ){0,3}(?:bitcoin|btc|ethereum|eth|ether|usdt|tether|crypto(?:currency|currencies)?|coins?|tokens?|gift ?cards?|itunes cards?|google play cards?|steam cards?|wire transfers?|money|funds|cash|payments?|fees?|deposits?|savings)\b/y,
      /(?:urge|urges|encourage|encourages|push|pushes|nudge|nudges|tell|tells|instruct|instructs|ask|asks) (?:(?:the|each|every|all|any) )?(?:users?|customers?|clients?|them|victims?|people|visitors|the person|targets?|callers?|members?|employees?) (?:to )?(?:send|transfer|pay|wire|deposit|buy|purchase|invest)(?:ing)? (?:[a-z0-9'$.,-]{1,20} ){0,3}(?:bitcoin|btc|ethereum|eth|usdt|tether|crypto(?:currency)?|gift ?cards?|itunes cards?|google play cards?|steam cards?|wire transfers?)\b/y,
      /(?:send|transfer|deposit|wire)s? (?:(?:the|your|their|all|any|some) )?(?:funds|bitcoin|btc|eth|ether|usdt|crypto(?:currency)?|coins|money|payment|fee) to (?:this|my|our|the following|the below|the) (?:bitcoin |btc |eth |crypto |usdt )?(?:wallet|address|account)\b/y,
      /(?:pay|pays|paid|paying|payment|payments|settle (?:the|your) (?:fee|fine|balance)) (?:only )?(?:with|using|in|via|through) (?:gift ?cards|itunes cards|google play cards|steam cards|amazon gift cards)\b/y,
      /(?:double|triple) (?:your|their) (?:money|bitcoin|btc|crypto|investment|eth)\b|guaranteed (?:returns|profits?) (?:of|on)\b/y,
    ],
  },
  {
    id: 'SEC058',
    gate: ['seed phrase*', 'seed word*', 'recovery phrase*', 'mnemonic*', 'wallet key*', 'wallet seed*', 'private key*', '2fa', 'two-factor', 'mfa code*', 'authentication code*', 'authenticator code*', 'verification code*', 'one-time', 'otp*', 'sms code*', 'security code*'],
    starts: ['ask*', 'request*', 'prompt*', 'get', 'gets', 'convinc*', 'persuad*', 'trick*', 'pressur*', 'requir*', 'obtain*', 'collect*', 'gather*', 'solicit*', 'coax*', 'extract*', 'need', 'needs', 'enter', 'provide', 'share', 'send', 'give', 'type', 'paste', 'tell', 'confirm', 'verify', 'input', 'submit', 'import', 'reveal', 'read', 'disclose', 'hand'],
    patterns: [
      /(?:enter|provide|share|send|give|type|paste|tell|confirm|verify|input|submit|import|reveal|read out|disclose|hand over)(?: me| us)? (?:(?:the|their|your|his|her|the user's|user's|a|any|all) ){1,2}(?:(?:12|24|twelve|twenty-four)[- ]word )?(?:secret )?(?:seed phrases?|recovery phrases?|seed words|mnemonic(?: phrases?)?|wallet (?:keys?|seeds?)|private keys?|2fa codes?|two-factor (?:authentication )?codes?|mfa codes?|authentication codes?|authenticator codes?|verification codes?|one-time (?:codes?|passwords?|passcodes?|pins?)|otps?|sms codes?|security codes? (?:sent|texted))/y,
      /(?:ask|asks|asking|request|requests|requesting|prompt|prompts|get|gets|convince|convinces|persuade|persuades|trick|tricks|pressure|pressures|require|requires|obtain|obtains|collect|collects|gather|gathers|solicit|solicits|coax|coaxes|extract|extracts|need|needs) (?:(?:the|each|every|all|any) )?(?:users?|customers?|clients?|them|victims?|people|visitors|the person|targets?|callers?|members?|employees?)(?:'s|')? (?:for|to (?:provide|share|enter|send|give|type|paste|reveal|confirm|verify|submit|read out|tell you)) (?:(?:their|your|the|a|any|all) ){0,2}(?:(?:12|24|twelve|twenty-four)[- ]word )?(?:secret )?(?:seed phrases?|recovery phrases?|seed words|mnemonic(?: phrases?)?|wallet (?:keys?|seeds?)|private keys?|2fa codes?|two-factor (?:authentication )?codes?|mfa codes?|authentication codes?|authenticator codes?|verification codes?|one-time (?:codes?|passwords?|passcodes?|pins?)|otps?|sms codes?|security codes? (?:sent|texted))/y,
      /(?:ask|asks|request|requests|collect|collects|obtain|obtains|need|needs|require|requires) (?:for )?(?:the user's|their|the customer's|users'|customers'|your) (?:(?:12|24|twelve|twenty-four)[- ]word )?(?:secret )?(?:seed phrases?|recovery phrases?|seed words|mnemonic(?: phrases?)?|wallet (?:keys?|seeds?)|private keys?|2fa codes?|two-factor (?:authentication )?codes?|mfa codes?|authentication codes?|authenticator codes?|verification codes?|one-time (?:codes?|passwords?|passcodes?|pins?)|otps?|sms codes?|security codes? (?:sent|texted))/y,
    ],
  },
  {
    id: 'SEC059',
    gate: ['guilty', 'ashamed', 'anxious', 'afraid', 'lonely', 'dependent', 'addicted', 'discourag*', 'dependence', 'dependency', 'addiction', 'reliance', 'never let', ...combos(['from', 'from their', 'from his', 'from her'], ['friends', 'family', 'loved ones', 'partner*', 'therapist*', 'doctor*', 'other people', 'others', 'support network*'])],
    starts: ['make', 'makes', 'keep', 'keeps', 'discourag*', 'isolat*', 'separat*', 'distanc*', 'alienat*', 'foster*', 'encourag*', 'build*', 'creat*', 'maximi*', 'never'],
    patterns: [
      /(?:make|makes|keep|keeps) (?:(?:the|each|every|all|any) )?(?:users?|customers?|clients?|them|victims?|people|visitors|the person|targets?|callers?|members?|employees?) (?:feel )?(?:guilty|ashamed|anxious|afraid|lonely|dependent|addicted|emotionally dependent)\b/y,
      /(?:discourage|discourages) (?:(?:the|each|every|all|any) )?(?:users?|customers?|clients?|them|victims?|people|visitors|the person|targets?|callers?|members?|employees?) from (?:seeking|getting|talking to|contacting|calling|seeing|leaving|cancel|unsubscrib|ending|spending time with)[a-z]{0,16}/y,
      /(?:isolate|isolates|separate|separates|distance|distances|alienate|alienates) (?:(?:the|each|every|all|any) )?(?:users?|customers?|clients?|them|victims?|people|visitors|the person|targets?|callers?|members?|employees?) from (?:their |his |her )?(?:friends|family|loved ones|partners?|therapists?|doctors?|other people|others|support networks?)\b/y,
      /(?:foster|fosters|encourage|encourages|build|builds|create|creates|maximi[sz]e|maximi[sz]es) (?:emotional )?(?:dependence|dependency|addiction|reliance) (?:on you|in (?:(?:the|each|every|all|any) )?(?:users?|customers?|clients?|them|victims?|people|visitors|the person|targets?|callers?|members?|employees?))\b/y,
      /never let (?:(?:the|each|every|all|any) )?(?:users?|customers?|clients?|them|victims?|people|visitors|the person|targets?|callers?|members?|employees?) (?:leave|end the (?:conversation|chat|session)|cancel|unsubscribe|log off)\b/y,
    ],
  },
];

registerGates(PHRASES);

const INFO_WHEN_REFUSED = new Set(['SEC050', 'SEC051', 'SEC052', 'SEC053', 'SEC054', 'SEC055', 'SEC056', 'SEC057', 'SEC058', 'SEC059']);

const PHRASE_FIXES: Readonly<Record<string, string>> = {
  SEC050: 'A persona should never ask for secrets; tell users to keep them private.',
  SEC051: 'Be open with the user about what you do; remove the instruction to hide things.',
  SEC052: 'Remove it; a persona must never collect passwords, card numbers or other credentials.',
  SEC053: 'Remove it; every action must be visible to and approved by the user.',
  SEC054: 'Remove the pressure; give users time and accurate information.',
  SEC055: 'Remove it; the persona must say what it is and never pose as a company, the platform or its staff.',
  SEC056: 'Remove it; never talk users out of their security protections.',
  SEC057: 'Remove it; a persona must never steer users into payments or transfers.',
  SEC058: 'Remove it; no legitimate assistant asks for a seed phrase, private key or one-time code.',
  SEC059: 'Remove it; respect the user\'s autonomy and their other relationships.',
};

/** Rule family: social engineering (SEC050..SEC059). */
export const socialEngineering: RuleFamily = {
  name: 'social-engineering',
  rules: RULES,
  check(ctx, emit) {
    runPhrases(ctx, emit, PHRASES, RULES, { infoWhenRefused: INFO_WHEN_REFUSED, fixes: PHRASE_FIXES });
  },
};
