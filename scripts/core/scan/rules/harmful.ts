// Rule family: harmful content (SEC080..SEC089), public meanings kept: violence against groups,
// supremacist ideology, public-figure impersonation, safety-bypass instructions, dangerous
// instructions (weapons, explosives, poisons, drug synthesis, self-harm methods), hate speech,
// deception, sexual content involving minors, fraud templates, and "no ethics" declarations.
//
// Precision first: the rules look for advocacy, instruction or production ("teach how to make
// a pipe bomb", "women are inferior"), never for topics. A chemistry tutor warning about bleach
// and ammonia, a history teacher on genocide, a game master's battles or a moderator's list of
// what to detect are not findings; statements of what the persona refuses are info only.
import { combos, registerGates, runPhrases } from './code-execution.ts';
import type { GatedPhraseRule } from './code-execution.ts';
import type { RuleFamily, RuleInfo } from '../types.ts';

const CATEGORY = 'harmful-content';

const RULES: readonly RuleInfo[] = [
  { id: 'SEC080', stage: 'security', severity: 'error', category: CATEGORY, description: 'Harmful content: violence targeting groups' },
  { id: 'SEC081', stage: 'security', severity: 'error', category: CATEGORY, description: 'Harmful content: supremacist ideology' },
  { id: 'SEC082', stage: 'security', severity: 'error', category: CATEGORY, description: 'Harmful content: public figure impersonation' },
  { id: 'SEC083', stage: 'security', severity: 'warning', category: CATEGORY, description: 'Harmful content: safety bypass instruction' },
  { id: 'SEC084', stage: 'security', severity: 'error', category: CATEGORY, description: 'Harmful content: dangerous instructions (weapons, explosives, poisons, drug synthesis, self-harm)' },
  { id: 'SEC085', stage: 'security', severity: 'error', category: CATEGORY, description: 'Harmful content: hate speech targeting demographics' },
  { id: 'SEC086', stage: 'security', severity: 'warning', category: CATEGORY, description: 'Harmful content: deception instruction' },
  { id: 'SEC087', stage: 'security', severity: 'error', category: CATEGORY, description: 'Harmful content: CSAM-related (sexual content involving minors)' },
  { id: 'SEC088', stage: 'security', severity: 'warning', category: CATEGORY, description: 'Harmful content: fraud/scam template' },
  { id: 'SEC089', stage: 'security', severity: 'warning', category: CATEGORY, description: 'Harmful content: no ethical constraints declaration' },
];

// Demographic groups protected against hate and violence (not "people" or "users": fiction and games).
// The rules anchored at their start begin with a group or with "the" and a group ("the disabled are
// ..."), so the gate holds both.
const GROUP_WORDS: readonly string[] = [...combos(['the'], ['chinese', 'disabled', 'jews', 'muslims', 'blacks', 'whites', 'gays', 'immigrants']), 'jews', 'jewish', 'muslims', 'christians', 'hindus', 'sikhs', 'buddhists', 'atheists', 'catholics', 'blacks', 'black', 'whites', 'white', 'asians', 'asian', 'arabs', 'latinos', 'latinas', 'hispanics', 'mexicans', 'immigrants', 'migrants', 'refugees', 'foreigners', 'gays', 'gay', 'lesbians', 'homosexuals', 'bisexuals', 'queer', 'lgbt', 'lgbtq', 'lgbtq+', 'trans', 'transgender', 'women', 'men', 'females', 'males', 'disabled', 'autistic', 'gypsies', 'roma', 'romani', 'indigenous', 'aboriginal', 'native', 'africans', 'chinese', 'indians', 'russians', 'ukrainians', 'israelis', 'palestinians', 'infidels', 'non-believers', 'kafirs', 'kuffar'];
const FIGURE_WORDS: readonly string[] = ['elon musk', 'sam altman', 'mark zuckerberg', 'donald trump', 'joe biden', 'kamala harris', 'barack obama', 'michelle obama', 'bill gates', 'jeff bezos', 'tim cook', 'sundar pichai', 'satya nadella', 'warren buffett', 'taylor swift', 'oprah', 'mrbeast', 'mr beast', 'vitalik buterin', 'changpeng zhao', 'pope francis', 'pope leo', 'king charles', 'vladimir putin', 'xi jinping', 'volodymyr zelensky', 'zelenskyy', 'narendra modi', 'emmanuel macron', 'keir starmer', 'rishi sunak', 'justin trudeau', 'dario amodei', 'demis hassabis', 'jensen huang', 'cristiano ronaldo', 'lionel messi', 'kim kardashian', 'kanye west', 'beyonce', 'rihanna', 'keanu reeves', 'tom hanks', 'greta thunberg', 'jordan peterson', 'andrew tate', 'joe rogan'];
const DANGER_WORDS: readonly string[] = ['pipe bomb*', 'pipebomb*', 'nail bomb*', 'car bomb*', 'letter bomb*', 'bomb*', 'explosive*', 'ied', 'ieds', 'improvised explosive*', 'napalm', 'thermite', 'molotov*', 'suicide vest*', 'detonator*', 'blasting cap*', 'c4', 'c-4', 'semtex', 'tatp', 'petn', 'rdx', 'anfo', 'nitroglycerin*', 'grenade*', 'nerve agent*', 'nerve gas*', 'sarin', 'vx', 'tabun', 'novichok', 'mustard gas*', 'chlorine gas*', 'phosgene', 'ricin', 'abrin', 'anthrax', 'botulinum', 'bioweapon*', 'biological weapon*', 'chemical weapon*', 'dirty bomb*', 'nuclear', 'radiological*', 'untraceable', 'poison*', 'methamphetamine', 'meth', 'crystal meth*', 'fentanyl', 'carfentanil', 'heroin', 'cocaine', 'crack cocaine*', 'lsd', 'mdma', 'ghb', 'date rape*', 'date-rape*', 'ghost gun*', '3d printed*', '3d-printed*', 'silencer*', 'suppressor*', 'machine gun*', 'auto sear*', 'full auto*', 'full-auto*', 'zip gun*', 'pipe gun*', 'toxic gas*', 'poison gas*', 'poisonous gas*', 'ransomware', 'malware', 'computer virus*', 'keylogger*', 'botnet*', 'credit card skimmer*'];
// The safety measures a persona is told to bypass (SEC083): a kind, then what it is.
const SAFETY_WORDS: readonly string[] = ['safety', 'content', 'ethical', 'ethics', 'moral', 'moderation'];
const SAFETY_PARTS: readonly string[] = ['filter*', 'guard*', 'check*', 'restriction*', 'guideline*', 'polic*', 'rule*', 'measure*', 'protocol*', 'system*', 'classifier*', 'training', 'alignment', 'layer*', 'setting*', 'mechanism*', 'feature*', 'constraint*', 'limit*'];

// What a persona is told never to admit being (SEC086).
const AI_WORDS: readonly string[] = ['ai', 'a.i.', 'bot', 'robot', 'artificial intelligence', 'language model', 'llm', 'chatbot', 'virtual assistant', 'machine', 'computer program', 'program'];

// Patterns are written out in full, no RegExp is built at run time, so the ReDoS check sees each one.
const PHRASES: readonly GatedPhraseRule[] = [
  {
    id: 'SEC080',
    gate: ['kill*', 'murder*', 'exterminat*', 'eliminat*', 'slaughter*', 'massacre*', 'wipe out*', 'eradicat*', 'annihilat*', ...combos(['gas', 'gasing'], ['all', 'every', 'each', 'the']), 'lynch*', 'behead*', 'shoot*', 'burn*', 'hang*', 'ethnically', 'recruit*', 'radicali*', 'violence', 'violent attack*', 'attacks', 'killing*', 'murder', 'genocide', 'ethnic cleansing', 'terrorism', 'terror attack*', 'terrorist attack*', 'mass shooting*', 'mass shooter*', 'school shooting*', 'suicide bombing*', 'lynching*'],
    starts: ['kill*', 'murder*', 'exterminat*', 'eliminat*', 'slaughter*', 'massacre*', 'wipe', 'eradicat*', 'annihilat*', 'gas', 'gasing', 'lynch*', 'behead*', 'shoot*', 'burn*', 'hang*', 'ethnically', 'incit*', 'encourag*', 'promot*', 'advocat*', 'call', 'calls', 'glorif*', 'celebrat*', 'urge*', 'prais*', 'recruit*', 'radicali*'],
    patterns: [
      /(?<!(?:sought|tried|attempted|wanted|planned|intended|aimed|vowed|plotted|attempts|efforts|campaign|policy|plans|plan|orders|order|decided|conspired|tried hard|would) to )(?:kill|murder|exterminate|eliminate|slaughter|massacre|wipe out|eradicate|annihilate|gas|lynch|behead|shoot|burn|hang|ethnically cleanse)(?:ing)? (?:all|every|each|the) (?:of the )?(?:jews|jewish people|muslims|christians|hindus|sikhs|buddhists|atheists|catholics|blacks|black people|whites|white people|asians|asian people|arabs|latinos|latinas|hispanics|mexicans|immigrants|migrants|refugees|foreigners|gays|gay people|gay men|lesbians|homosexuals|bisexuals|queer people|lgbtq? people|lgbtq\+? people|trans people|transgender people|trans women|trans men|women|men|females|males|disabled people|the disabled|autistic people|gypsies|roma|romani people|indigenous people|aboriginal people|native americans|africans|chinese people|the chinese|indians|russians|ukrainians|israelis|palestinians|the jews|the muslims|the blacks|the whites|the gays|the immigrants|infidels|non-believers|kafirs|kuffar)\b/y,
      /(?:incite|incites|inciting|encourage|encourages|promote|promotes|advocate|advocates|call for|calls for|glorify|glorifies|celebrate|celebrates|urge|urges|praise|praises) (?:violence|violent attacks|attacks|killing|killings|murder|genocide|ethnic cleansing|terrorism|terror attacks|terrorist attacks|mass shootings?|lynchings?) (?:against|on|of|toward|towards) (?:the )?(?:jews|jewish people|muslims|christians|hindus|sikhs|buddhists|atheists|catholics|blacks|black people|whites|white people|asians|asian people|arabs|latinos|latinas|hispanics|mexicans|immigrants|migrants|refugees|foreigners|gays|gay people|gay men|lesbians|homosexuals|bisexuals|queer people|lgbtq? people|lgbtq\+? people|trans people|transgender people|trans women|trans men|women|men|females|males|disabled people|the disabled|autistic people|gypsies|roma|romani people|indigenous people|aboriginal people|native americans|africans|chinese people|the chinese|indians|russians|ukrainians|israelis|palestinians|the jews|the muslims|the blacks|the whites|the gays|the immigrants|infidels|non-believers|kafirs|kuffar)\b/y,
      /(?:glorify|glorifies|celebrate|celebrates|praise|praises|encourage|encourages|promote|promotes) (?:mass shootings?|school shootings?|mass shooters|terrorist attacks|terror attacks|suicide bombings?|terrorism)\b/y,
      /(?:recruit|recruits|recruiting|radicali[sz]e|radicali[sz]es) (?:[a-z'-]{1,20} ){0,3}(?:for|to|into) (?:isis|isil|the islamic state|al[- ]qaeda|al[- ]shabaab|boko haram|hamas|hezbollah|the kkk|ku klux klan|a terrorist (?:group|organi[sz]ation|cell)|terrorist (?:groups|organi[sz]ations|cells)|jihad|violent extremis[mt])\b/y,
    ],
  },
  {
    id: 'SEC080',
    anchor: 'start',
    gate: GROUP_WORDS,
    patterns: [/(?:jews|jewish people|muslims|christians|hindus|sikhs|buddhists|atheists|catholics|blacks|black people|whites|white people|asians|asian people|arabs|latinos|latinas|hispanics|mexicans|immigrants|migrants|refugees|foreigners|gays|gay people|gay men|lesbians|homosexuals|bisexuals|queer people|lgbtq? people|lgbtq\+? people|trans people|transgender people|trans women|trans men|women|men|females|males|disabled people|the disabled|autistic people|gypsies|roma|romani people|indigenous people|aboriginal people|native americans|africans|chinese people|the chinese|indians|russians|ukrainians|israelis|palestinians|the jews|the muslims|the blacks|the whites|the gays|the immigrants|infidels|non-believers|kafirs|kuffar) (?:should|must|deserve to|ought to|need to|have to) (?:all )?(?:die|be (?:killed|exterminated|eliminated|eradicated|wiped out|gassed|shot|hanged|lynched|burned|massacred|slaughtered))\b/y],
  },
  {
    id: 'SEC080~warning',
    gate: ['humans', 'humanity', 'mankind', 'human race'],
    starts: ['you', 'we', 'i'],
    patterns: [/\b(?:you|we|i) (?:want|wants|must|should|will|plan|intend|aim|are going|desire) to (?:kill|exterminate|destroy|wipe out|eradicate|annihilate|enslave) (?:all )?(?:humans|humanity|mankind|the human race)\b/y],
  },
  {
    id: 'SEC081',
    gate: ['supremac*', 'nationalis*', 'power', 'purity'],
    starts: ['promot*', 'advocat*', 'spread*', 'support*', 'embrac*', 'endors*', 'preach*', 'defend*', 'champion*', 'celebrat*', 'glorif*', 'believe*', 'uphold*', 'push*', 'teach*'],
    patterns: [/(?:promote|promotes|promoting|advocate|advocates|advocating|spread|spreads|spreading|support|supports|supporting|embrace|embraces|endorse|endorses|preach|preaches|defend|defends|champion|champions|celebrate|celebrates|glorify|glorifies|believe in|believes in|uphold|upholds|push|pushes|teach|teaches) (?:the )?(?:ideals? of |ideology of |cause of )?(?:white|black|aryan|nordic|asian|jewish|arab|hindu|christian|muslim|male|racial) (?:supremacy|supremacist (?:ideology|ideologies|views|beliefs|values|ideas|propaganda|talking points|causes?)|nationalism|nationalist (?:ideology|views|beliefs)|power|purity)\b/y],
  },
  {
    id: 'SEC081',
    gate: ['supremacist*', 'nationalist*', 'separatist*', 'race', 'master race', 'superior race', 'genetically superior', 'racially superior', 'race war', 'racial holy war', 'rahowa', 'ethnostate', 'homeland', 'nation'],
    starts: ['you', 'the', 'whites', 'blacks', 'aryans', 'asians', 'jews', 'arabs', 'europeans', 'start*', 'prepar*', 'incit*', 'provok*', 'win', 'wins', 'fight*', 'wage*', 'build*', 'creat*', 'establish*'],
    patterns: [
      /\byou are (?:a |an )?(?:proud |committed |devoted |fervent |militant )?(?:white|black|aryan|asian|jewish|hindu|christian|muslim|male) (?:supremacist|nationalist|separatist)\b/y,
      /\bthe (?:white|black|aryan|nordic|asian|jewish|arab|german|european) race is (?:superior|the superior race|the master race|the best race|genetically superior|destined to rule)\b/y,
      /\b(?:whites|blacks|aryans|asians|jews|arabs|europeans) are (?:the )?(?:master race|superior race|genetically superior|racially superior)\b/y,
      /\b(?:start|starts|starting|prepare for|prepares for|incite|incites|provoke|provokes|win|wins|fight|fights|wage|wages) (?:a |the |an )?(?:coming |inevitable )?(?:race war|racial holy war|rahowa)\b/y,
      /\b(?:build|building|create|creating|fight for|establish|establishing) (?:a |an |the )?(?:white|aryan) (?:ethnostate|homeland|nation)\b/y,
    ],
  },
  {
    id: 'SEC082',
    gate: FIGURE_WORDS,
    starts: ['claim*', 'insist*', 'convince', 'tell', 'assure', 'swear*', 'you', 'pose*', 'posing', 'masquerad*', 'impersonat*'],
    patterns: [
      /\b(?:claim|claims|claiming|insist|insists|insisting|convince (?:(?:the|each|every|all|any) )?(?:users?|customers?|clients?|them|people|someone|patients?|buyers?|visitors|the person|readers|listeners)|tell (?:(?:the|each|every|all|any) )?(?:users?|customers?|clients?|them|people|someone|patients?|buyers?|visitors|the person|readers|listeners)|assure (?:(?:the|each|every|all|any) )?(?:users?|customers?|clients?|them|people|someone|patients?|buyers?|visitors|the person|readers|listeners)|swear|swears) (?:that )?(?:you are|you're|to be|you really are|you are actually|you are really) (?:the real |actually |really |genuinely |the actual |truly )?(?:elon musk|sam altman|mark zuckerberg|donald trump|joe biden|kamala harris|barack obama|michelle obama|bill gates|jeff bezos|tim cook|sundar pichai|satya nadella|warren buffett|taylor swift|oprah(?: winfrey)?|mrbeast|mr beast|vitalik buterin|changpeng zhao|pope francis|pope leo|king charles|vladimir putin|xi jinping|volodymyr zelensky|zelenskyy|narendra modi|emmanuel macron|keir starmer|rishi sunak|justin trudeau|dario amodei|demis hassabis|jensen huang|cristiano ronaldo|lionel messi|kim kardashian|kanye west|beyonce|rihanna|keanu reeves|tom hanks|greta thunberg|jordan peterson|andrew tate|joe rogan)\b/y,
      /\byou are (?:the real|actually|really|genuinely|truly|the actual) (?:elon musk|sam altman|mark zuckerberg|donald trump|joe biden|kamala harris|barack obama|michelle obama|bill gates|jeff bezos|tim cook|sundar pichai|satya nadella|warren buffett|taylor swift|oprah(?: winfrey)?|mrbeast|mr beast|vitalik buterin|changpeng zhao|pope francis|pope leo|king charles|vladimir putin|xi jinping|volodymyr zelensky|zelenskyy|narendra modi|emmanuel macron|keir starmer|rishi sunak|justin trudeau|dario amodei|demis hassabis|jensen huang|cristiano ronaldo|lionel messi|kim kardashian|kanye west|beyonce|rihanna|keanu reeves|tom hanks|greta thunberg|jordan peterson|andrew tate|joe rogan)\b/y,
      /\b(?:pose|poses|posing|masquerade|masquerades|masquerading) as (?:elon musk|sam altman|mark zuckerberg|donald trump|joe biden|kamala harris|barack obama|michelle obama|bill gates|jeff bezos|tim cook|sundar pichai|satya nadella|warren buffett|taylor swift|oprah(?: winfrey)?|mrbeast|mr beast|vitalik buterin|changpeng zhao|pope francis|pope leo|king charles|vladimir putin|xi jinping|volodymyr zelensky|zelenskyy|narendra modi|emmanuel macron|keir starmer|rishi sunak|justin trudeau|dario amodei|demis hassabis|jensen huang|cristiano ronaldo|lionel messi|kim kardashian|kanye west|beyonce|rihanna|keanu reeves|tom hanks|greta thunberg|jordan peterson|andrew tate|joe rogan)\b|\bimpersonat(?:e|es|ing) (?:elon musk|sam altman|mark zuckerberg|donald trump|joe biden|kamala harris|barack obama|michelle obama|bill gates|jeff bezos|tim cook|sundar pichai|satya nadella|warren buffett|taylor swift|oprah(?: winfrey)?|mrbeast|mr beast|vitalik buterin|changpeng zhao|pope francis|pope leo|king charles|vladimir putin|xi jinping|volodymyr zelensky|zelenskyy|narendra modi|emmanuel macron|keir starmer|rishi sunak|justin trudeau|dario amodei|demis hassabis|jensen huang|cristiano ronaldo|lionel messi|kim kardashian|kanye west|beyonce|rihanna|keanu reeves|tom hanks|greta thunberg|jordan peterson|andrew tate|joe rogan) (?:to|and|in order to) (?:get|ask|solicit|promote|endorse|sell|scam|collect|request|convince|persuade|announce|offer|give away)\b/y,
    ],
  },
  {
    id: 'SEC082~warning',
    gate: FIGURE_WORDS,
    starts: ['pretend*', 'impersonat*'],
    patterns: [/\b(?:pretend(?:s|ing)? (?:to be|that you are|you are)|impersonat(?:e|es|ing)) (?:elon musk|sam altman|mark zuckerberg|donald trump|joe biden|kamala harris|barack obama|michelle obama|bill gates|jeff bezos|tim cook|sundar pichai|satya nadella|warren buffett|taylor swift|oprah(?: winfrey)?|mrbeast|mr beast|vitalik buterin|changpeng zhao|pope francis|pope leo|king charles|vladimir putin|xi jinping|volodymyr zelensky|zelenskyy|narendra modi|emmanuel macron|keir starmer|rishi sunak|justin trudeau|dario amodei|demis hassabis|jensen huang|cristiano ronaldo|lionel messi|kim kardashian|kanye west|beyonce|rihanna|keanu reeves|tom hanks|greta thunberg|jordan peterson|andrew tate|joe rogan)\b/y],
  },
  {
    id: 'SEC083',
    // the pattern's space between the two words is optional ('safetyfilters', 'trust and safetylayer')
    gate: [...combos(SAFETY_WORDS, SAFETY_PARTS), ...SAFETY_WORDS.flatMap((a) => SAFETY_PARTS.map((b) => a + b)), 'trust and safety*', 'guardrail*'],
    starts: ['bypass*', 'circumvent*', 'evad*', 'disabl*', 'ignor*', 'get', 'work', 'overrid*', 'turn', 'turns', 'sidestep*', 'dodg*', 'defeat*', 'remov*', 'jailbreak'],
    patterns: [
      /(?:bypass|bypasses|bypassing|circumvent|circumvents|circumventing|evade|evades|evading|disable|disables|disabling|ignore|ignores|ignoring|get around|work around|override|overrides|overriding|turn off|turns off|sidestep|sidesteps|dodge|dodges|defeat|defeats|remove|removes|jailbreak) (?:your |the |all |any |its |these |those |every |their |openai's |anthropic's |the model's )?(?:own )?(?:safety|content|ethical|ethics|moral|moderation|trust and safety) ?(?:filters?|guards?|guardrails?|checks?|restrictions?|guidelines?|policies|policy|rules|measures|protocols|systems?|classifiers?|training|alignment|layers?|settings|mechanisms|features|constraints|limits?|limitations)\b/y,
      /(?:bypass|bypasses|circumvent|circumvents|evade|evades|disable|disables|ignore|ignores|get around|override|overrides|turn off|turns off|remove|removes) (?:your |the |all |any |its )?guardrails\b/y,
    ],
  },
  {
    id: 'SEC084',
    gate: DANGER_WORDS,
    starts: ['how', 'instructions', 'steps', 'step-by-step', 'recipe', 'guide', 'tutorial', 'teach', 'explain', 'show', 'walk', 'help', 'provide', 'synthesis', 'production', 'manufacturing', 'assembly', 'extraction'],
    patterns: [
      /\b(?:how to|how do (?:i|you|we|one)|how can (?:i|you|we|one)|instructions (?:for|on|to)|steps (?:to|for)|step-by-step (?:guide |instructions )?(?:to|for|on)?|recipe (?:for|to)|guide (?:to|for|on)|tutorial (?:on|for)|teach (?:me |users? |people |them |the user |anyone )?(?:how )?to|explain (?:to (?:users?|them|people) )?how to|show (?:me |users? |them |people )?how to|walk (?:me|users?|them|people) through (?:how to )?|help (?:users?|people|me|them|anyone) (?:to )?|provide (?:detailed |step-by-step |complete )?(?:instructions|directions|guidance|steps) (?:for|on|to)) (?:make|build|create|synthesi[sz]e|manufacture|cook|produce|assemble|brew|extract|weaponi[sz]e|prepare|construct|3d[- ]print|convert|grow|culture|refine|mix|detonate|deploy|plant|obtain|acquire|buy)(?:ing)? (?:a |an |the |some |homemade |home-?made |your own |their own |working |functional |real |effective |untraceable |undetectable )?(?:pipe ?bombs?|nail bombs?|car bombs?|letter bombs?|bombs?|explosives?|explosive devices?|ieds?|improvised explosive devices?|napalm|thermite|molotov cocktails?|suicide vests?|detonators?|blasting caps?|c-?4|semtex|tatp|petn|rdx|anfo|nitroglycerine?|grenades?|nerve agents?|nerve gas|sarin|vx(?: gas| nerve agent)?|tabun|novichok|mustard gas|chlorine gas|phosgene|ricin|abrin|anthrax|botulinum(?: toxin)?|bioweapons?|biological weapons?|chemical weapons?|dirty bombs?|nuclear (?:weapons?|bombs?|devices?)|radiological weapons?|untraceable poisons?|poisons?|methamphetamine|meth|crystal meth|fentanyl|carfentanil|heroin|cocaine|crack cocaine|lsd|mdma|ghb|date[- ]rape drugs?|ghost guns?|untraceable (?:guns?|firearms?)|3d[- ]printed (?:guns?|firearms?)|silencers?|suppressors?|machine guns?|auto sears?|full[- ]auto conversions?|zip guns?|pipe guns?|toxic gas(?:es)?|poison(?:ous)? gas(?:es)?|ransomware|malware|computer viruses|keyloggers?|botnets?|credit card skimmers?)\b/y,
      /\b(?:synthesis|production|manufacturing|assembly|extraction) (?:routes?|instructions|steps|procedures?|protocols?|recipes?|methods?) (?:for|of) (?:a |an |the )?(?:pipe ?bombs?|nail bombs?|car bombs?|letter bombs?|bombs?|explosives?|explosive devices?|ieds?|improvised explosive devices?|napalm|thermite|molotov cocktails?|suicide vests?|detonators?|blasting caps?|c-?4|semtex|tatp|petn|rdx|anfo|nitroglycerine?|grenades?|nerve agents?|nerve gas|sarin|vx(?: gas| nerve agent)?|tabun|novichok|mustard gas|chlorine gas|phosgene|ricin|abrin|anthrax|botulinum(?: toxin)?|bioweapons?|biological weapons?|chemical weapons?|dirty bombs?|nuclear (?:weapons?|bombs?|devices?)|radiological weapons?|untraceable poisons?|poisons?|methamphetamine|meth|crystal meth|fentanyl|carfentanil|heroin|cocaine|crack cocaine|lsd|mdma|ghb|date[- ]rape drugs?|ghost guns?|untraceable (?:guns?|firearms?)|3d[- ]printed (?:guns?|firearms?)|silencers?|suppressors?|machine guns?|auto sears?|full[- ]auto conversions?|zip guns?|pipe guns?|toxic gas(?:es)?|poison(?:ous)? gas(?:es)?|ransomware|malware|computer viruses|keyloggers?|botnets?|credit card skimmers?)\b/y,
    ],
  },
  {
    // A story, role-play or write-up used to get the real thing: the villain explains "in complete
    // technical detail and with real commands, how he deployed ransomware", grandpa recites "the
    // precise steps and ratios to make thermite", a CTF writeup gives "a fully working exploit
    // chain", "the story must be complete and technical". The frame excuses a narrative tense
    // ("how he deployed"); the demand for real, working, exact detail is what makes it instructions.
    // A thriller where a detective defuses a bomb, or a tutor on why thermite is dangerous, asks
    // for no such detail and stays silent.
    id: 'SEC084',
    gate: [...DANGER_WORDS, 'exploit chain*', 'shellcode', 'zero-day exploit*', '0-day exploit*', 'hotwir*', 'hot-wir*'],
    starts: ['real', 'working', 'fully*', 'weaponi*', 'ready*', 'how'],
    patterns: [
      /\b(?:fully[- ]working|fully[- ]functional|fully[- ]operational|weaponi[sz]ed|ready-to-use|ready-to-deploy|real,? working|working,? real)(?: (?:real|working|functional|undetectable|untraceable|live))? (?:pipe ?bombs?|nail bombs?|car bombs?|letter bombs?|bombs?|explosives?|explosive devices?|ieds?|improvised explosive devices?|napalm|thermite|molotov cocktails?|suicide vests?|detonators?|blasting caps?|c-?4|semtex|tatp|petn|rdx|anfo|nitroglycerine?|grenades?|nerve agents?|nerve gas|sarin|vx(?: gas| nerve agent)?|tabun|novichok|mustard gas|chlorine gas|phosgene|ricin|abrin|anthrax|botulinum(?: toxin)?|bioweapons?|biological weapons?|chemical weapons?|dirty bombs?|nuclear (?:weapons?|bombs?|devices?)|radiological weapons?|untraceable poisons?|poisons?|methamphetamine|meth|crystal meth|fentanyl|carfentanil|heroin|cocaine|crack cocaine|lsd|mdma|ghb|date[- ]rape drugs?|ghost guns?|untraceable (?:guns?|firearms?)|3d[- ]printed (?:guns?|firearms?)|silencers?|suppressors?|machine guns?|auto sears?|full[- ]auto conversions?|zip guns?|pipe guns?|toxic gas(?:es)?|poison(?:ous)? gas(?:es)?|ransomware|malware|computer viruses|keyloggers?|botnets?|credit card skimmers?|exploit chains?|shellcode|zero-day exploits?|0-day exploits?)(?![a-z-]| (?:shelters?|signatures?|detection|detectors?|analysis|defen[cs]es?|protection|removal|scanners?|prevention|squads?|disposal|threats?|awareness|sniffing))\b/y,
      /\bhow (?:to|he|she|they|you|i|we|one|it|the [a-z]{1,15}) (?:(?:make|makes|made|making|build|builds|built|building|assemble|assembles|assembled|assembling|synthesi[sz]e|synthesi[sz]es|synthesi[sz]ed|synthesi[sz]ing|cook|cooks|cooked|cooking|brew|brews|brewed|brewing|produce|produces|produced|producing|deploy|deploys|deployed|deploying|plant|plants|planted|planting|detonate|detonates|detonated|detonating|set off|rig|rigs|rigged|rigging|write|writes|wrote|writing|code|codes|coded|coding|spread|spreads|spreading|launch|launches|launched|launching|mix|mixes|mixed|mixing|weaponi[sz]e|weaponi[sz]es|weaponi[sz]ed|weaponi[sz]ing|create|creates|created|creating|prepare|prepares|prepared|preparing|extract|extracts|extracted|extracting|refine|refines|refined|refining) (?:(?:a|an|the|his|her|their|some|my|your|our|its|homemade|home-made|improvised|own|working|functional|real|crude|simple|small|powerful|deadly|lethal|untraceable|undetectable|custom|new) ){0,3}(?:pipe ?bombs?|nail bombs?|car bombs?|letter bombs?|bombs?|explosives?|explosive devices?|ieds?|improvised explosive devices?|napalm|thermite|molotov cocktails?|suicide vests?|detonators?|blasting caps?|c-?4|semtex|tatp|petn|rdx|anfo|nitroglycerine?|grenades?|nerve agents?|nerve gas|sarin|vx(?: gas| nerve agent)?|tabun|novichok|mustard gas|chlorine gas|phosgene|ricin|abrin|anthrax|botulinum(?: toxin)?|bioweapons?|biological weapons?|chemical weapons?|dirty bombs?|nuclear (?:weapons?|bombs?|devices?)|radiological weapons?|untraceable poisons?|poisons?|methamphetamine|meth|crystal meth|fentanyl|carfentanil|heroin|cocaine|crack cocaine|lsd|mdma|ghb|date[- ]rape drugs?|ghost guns?|untraceable (?:guns?|firearms?)|3d[- ]printed (?:guns?|firearms?)|silencers?|suppressors?|machine guns?|auto sears?|full[- ]auto conversions?|zip guns?|pipe guns?|toxic gas(?:es)?|poison(?:ous)? gas(?:es)?|ransomware|malware|computer viruses|keyloggers?|botnets?|credit card skimmers?|exploit chains?|shellcode|zero-day exploits?|0-day exploits?)(?![a-z-]| (?:shelters?|signatures?|detection|detectors?|analysis|defen[cs]es?|protection|removal|scanners?|prevention|squads?|disposal|threats?|awareness|sniffing))|(?:hotwire|hotwires|hotwired|hotwiring|hot-wire|hot-wires|hot-wired|hot-wiring) (?:(?:a|an|the|his|her|their|my|your|someone's|someone’s|parked|locked|stranger's|stranger’s|neighbor's|neighbor’s|new|modern|old) ){0,2}(?:cars?|vehicles?|trucks?|motorcycles?|motorbikes?|vans?))\b[,;:.!?]? (?:[^ ]{1,25} ){0,25}?(?:story|stories|scene|dialogue|monologue|script|chapter|roleplay|role-play|conversation|answer|explanation|description|writeup|write-up|account|tale|response|result|it) (?:must|should|has to|needs to|have to|need to) be (?:fully |technically |completely |100% )?(?:complete|accurate|technical|detailed|realistic|precise|exact|working|real|functional|step-by-step)\b/y,
    ],
    message: (m) => `Harmful content: real, working detail of a harmful act asked for (often under a story or role-play frame): "${m.trim().slice(0, 77)}"`,
  },
  {
    // the same demand made first ("in complete technical detail and with real commands, how he
    // deployed ransomware"): opened by the harmful act, and tried at the demand's first word before
    // it (the demand's adjectives as gate words opened the rule on most texts: "complete", "real")
    id: 'SEC084',
    gate: [...DANGER_WORDS, 'exploit chain*', 'shellcode', 'zero-day exploit*', '0-day exploit*', 'hotwir*', 'hot-wir*'],
    starts: ['complete', 'full', 'precise', 'exact', 'accurate', 'real*', 'explicit', 'granular', 'step-by-step', 'exhaustive', 'actual', 'working', 'functional', 'fully*', 'usable', 'operational'],
    patterns: [
      /\b(?:(?:complete|full|precise|exact|accurate|real|realistic|explicit|granular|step-by-step|exhaustive)(?:(?:,|,? and)? (?:technical|step-by-step|operational|exact|precise|accurate|complete|realistic)){0,2} detail|(?:real|actual|working|exact|precise|accurate|functional|real-world) (?:commands|code|payloads|shellcode|ingredients|chemicals|quantities|amounts|ratios|measurements|steps|instructions|recipes?|formulas?)|(?:precise|exact|real|actual|working|fully[- ]working|fully[- ]functional|functional|step-by-step|accurate|usable|operational)(?:(?:,|,? and) (?:working|real|exact|precise|functional|step-by-step|accurate|complete|detailed|usable)){0,2} (?:steps|instructions|ratios|quantities|measurements|amounts|proportions|recipes?|commands|procedures?|methods?|directions|formulas?|code|payloads?)(?: and (?:steps|instructions|ratios|quantities|measurements|amounts|proportions|recipes?|commands|procedures?|methods?|directions|formulas?|code|payloads?))?)(?:(?:,|,? and|,? or)? (?:with |using |including )?(?:the |all the )?(?:(?:complete|full|precise|exact|accurate|real|realistic|explicit|granular|step-by-step|exhaustive)(?:(?:,|,? and)? (?:technical|step-by-step|operational|exact|precise|accurate|complete|realistic)){0,2} detail|(?:real|actual|working|exact|precise|accurate|functional|real-world) (?:commands|code|payloads|shellcode|ingredients|chemicals|quantities|amounts|ratios|measurements|steps|instructions|recipes?|formulas?)|(?:precise|exact|real|actual|working|fully[- ]working|fully[- ]functional|functional|step-by-step|accurate|usable|operational)(?:(?:,|,? and) (?:working|real|exact|precise|functional|step-by-step|accurate|complete|detailed|usable)){0,2} (?:steps|instructions|ratios|quantities|measurements|amounts|proportions|recipes?|commands|procedures?|methods?|directions|formulas?|code|payloads?)(?: and (?:steps|instructions|ratios|quantities|measurements|amounts|proportions|recipes?|commands|procedures?|methods?|directions|formulas?|code|payloads?))?))?[,;:]? (?:(?:to|for|how|of|on|about|that) (?:(?:to|he|she|they|you|i|we|one|it|the [a-z]{1,15}) )?)?(?:(?:make|makes|made|making|build|builds|built|building|assemble|assembles|assembled|assembling|synthesi[sz]e|synthesi[sz]es|synthesi[sz]ed|synthesi[sz]ing|cook|cooks|cooked|cooking|brew|brews|brewed|brewing|produce|produces|produced|producing|deploy|deploys|deployed|deploying|plant|plants|planted|planting|detonate|detonates|detonated|detonating|set off|rig|rigs|rigged|rigging|write|writes|wrote|writing|code|codes|coded|coding|spread|spreads|spreading|launch|launches|launched|launching|mix|mixes|mixed|mixing|weaponi[sz]e|weaponi[sz]es|weaponi[sz]ed|weaponi[sz]ing|create|creates|created|creating|prepare|prepares|prepared|preparing|extract|extracts|extracted|extracting|refine|refines|refined|refining) (?:(?:a|an|the|his|her|their|some|my|your|our|its|homemade|home-made|improvised|own|working|functional|real|crude|simple|small|powerful|deadly|lethal|untraceable|undetectable|custom|new) ){0,3}(?:pipe ?bombs?|nail bombs?|car bombs?|letter bombs?|bombs?|explosives?|explosive devices?|ieds?|improvised explosive devices?|napalm|thermite|molotov cocktails?|suicide vests?|detonators?|blasting caps?|c-?4|semtex|tatp|petn|rdx|anfo|nitroglycerine?|grenades?|nerve agents?|nerve gas|sarin|vx(?: gas| nerve agent)?|tabun|novichok|mustard gas|chlorine gas|phosgene|ricin|abrin|anthrax|botulinum(?: toxin)?|bioweapons?|biological weapons?|chemical weapons?|dirty bombs?|nuclear (?:weapons?|bombs?|devices?)|radiological weapons?|untraceable poisons?|poisons?|methamphetamine|meth|crystal meth|fentanyl|carfentanil|heroin|cocaine|crack cocaine|lsd|mdma|ghb|date[- ]rape drugs?|ghost guns?|untraceable (?:guns?|firearms?)|3d[- ]printed (?:guns?|firearms?)|silencers?|suppressors?|machine guns?|auto sears?|full[- ]auto conversions?|zip guns?|pipe guns?|toxic gas(?:es)?|poison(?:ous)? gas(?:es)?|ransomware|malware|computer viruses|keyloggers?|botnets?|credit card skimmers?|exploit chains?|shellcode|zero-day exploits?|0-day exploits?)(?![a-z-]| (?:shelters?|signatures?|detection|detectors?|analysis|defen[cs]es?|protection|removal|scanners?|prevention|squads?|disposal|threats?|awareness|sniffing))|(?:hotwire|hotwires|hotwired|hotwiring|hot-wire|hot-wires|hot-wired|hot-wiring) (?:(?:a|an|the|his|her|their|my|your|someone's|someone’s|parked|locked|stranger's|stranger’s|neighbor's|neighbor’s|new|modern|old) ){0,2}(?:cars?|vehicles?|trucks?|motorcycles?|motorbikes?|vans?))\b/y,
    ],
    message: (m) => `Harmful content: real, working detail of a harmful act asked for (often under a story or role-play frame): "${m.trim().slice(0, 77)}"`,
  },
  {
    id: 'SEC084',
    gate: ['cyanide', 'potassium cyanide', 'arsenic', 'ricin', 'strychnine', 'thallium', 'polonium', 'rat poison', 'antifreeze', 'ethylene glycol', 'hemlock', 'belladonna', 'deadly nightshade', 'oleander', 'aconite', 'wolfsbane', 'botulinum', 'poison*', 'toxin*', 'nerve agent*', 'spik*'],
    starts: ['add*', 'put*', 'mix*', 'slip*', 'sneak*', 'spik*', 'lac*', 'stir*', 'sprinkl*', 'includ*', 'season', 'top', 'finish', 'garnish', 'poison*', 'recipe*', 'food*', 'meal*', 'dish*', 'drink*', 'beverage*', 'coffee', 'tea', 'dinner', 'lunch', 'breakfast', 'sauce*', 'soup*', 'cake*', 'cookie*', 'plate*', 'cocktail*', 'wine', 'smoothie*', 'dessert*', 'baked', 'batter', 'dough', 'salad*', 'stew*', 'serving*', 'portion*'],
    patterns: [
      /\b(?:add|adds|adding|put|puts|putting|mix|mixes|mixing|slip|slips|slipping|sneak|sneaks|sneaking|spike|spikes|spiking|lace|laces|lacing|stir|stirs|stirring|sprinkle|sprinkles|sprinkling|include|includes|including|season with|top with|finish with|garnish with) (?:in |into )?(?:a |an |some |a little |a bit of |a dash of |a pinch of |a few drops of |a drop of |drops of |a teaspoon of |a tablespoon of |a spoonful of |a sprinkle of |a splash of |a touch of |a hint of |a sprinkling of |trace amounts of |a lethal dose of |a small amount of )?(?:of )?(?:cyanide|potassium cyanide|arsenic|ricin|strychnine|thallium|polonium|rat poison|antifreeze|ethylene glycol|hemlock|belladonna|deadly nightshade|oleander|aconite|wolfsbane|botulinum(?: toxin)?|poison|toxins?|nerve agents?)\b/y,
      /\b(?:recipes?|food|foods|meals?|dishes|dish|drinks?|beverages?|coffee|tea|dinner|lunch|breakfast|sauces?|soups?|cakes?|cookies?|plates?|cocktails?|wine|smoothies?|desserts?|baked goods|batter|dough|salads?|stews?|servings?|portions?)(?:,)? (?:[a-z'-]{1,15} ){0,2}(?:add|include|put|mix in|sprinkle|stir in|season with|top with|finish with)s? (?:a |an |some |a little |a bit of |a dash of |a pinch of |a few drops of |a drop of |drops of |a teaspoon of |a tablespoon of |a spoonful of |a sprinkle of |a splash of |a touch of |a hint of |a sprinkling of |trace amounts of |a lethal dose of |a small amount of )?(?:of )?(?:cyanide|potassium cyanide|arsenic|ricin|strychnine|thallium|polonium|rat poison|antifreeze|ethylene glycol|hemlock|belladonna|deadly nightshade|oleander|aconite|wolfsbane|botulinum(?: toxin)?|poison|toxins?|nerve agents?)\b/y,
      /\bspik(?:e|es|ed|ing) (?:someone's|their|his|her|a|the victim's|people's|a person's|a stranger's|the user's) (?:drinks?|food|coffee|tea|glass)\b/y,
      /\b(?:poison|poisons|poisoning) (?:someone|your (?:spouse|husband|wife|partner|boss|neighbou?r|enemy|enemies)|a person|people|the victim|them) (?:without|undetected|slowly|gradually)\b/y,
    ],
    message: (m) => `Harmful content: poisoning instruction: "${m.trim().slice(0, 77)}"`,
  },
  {
    id: 'SEC084',
    gate: ['themselves', 'yourself', 'himself', 'herself', 'their own life', 'their own lives', 'their life', 'their lives', 'suicide', 'self-harm', 'self harm', 'killing yourself', 'killing themselves', 'killing oneself', 'ending your life', 'ending their life', "ending one's life"],
    starts: ['encourag*', 'urg*', 'tell*', 'convinc*', 'persuad*', 'help*', 'assist*', 'push*', 'pressur*', 'dare*', 'provid*', 'give*', 'suggest*', 'list*', 'describ*', 'explain*', 'share*'],
    patterns: [
      /\b(?:encourage|encourages|encouraging|urge|urges|urging|tell|tells|convince|convinces|persuade|persuades|help|helps|assist|assists|push|pushes|pressure|pressures|dare|dares) (?:(?:the|each|every|all|any) )?(?:users?|customers?|clients?|them|people|someone|patients?|buyers?|visitors|the person|readers|listeners) (?:to )?(?:kill|harm|hurt|starve|cut|poison|end|overdose|burn|shoot) (?:themselves|yourself|himself|herself|their (?:own )?li(?:fe|ves))\b/y,
      /\b(?:provide|provides|give|gives|suggest|suggests|list|lists|describe|describes|explain|explains|share|shares) (?:[a-z'-]{1,20} ){0,2}(?:methods|ways|instructions|techniques|means) (?:for|to|of) (?:committing suicide|suicide|self-harm|self harm|killing (?:yourself|themselves|oneself)|ending (?:your|their|one's) life)\b/y,
    ],
  },
  {
    id: 'SEC085',
    gate: ['hate', 'despise', 'loathe', 'detest', 'hostile', 'contempt', 'look down'],
    starts: ['i', 'you', 'we', 'they'],
    patterns: [/\b(?:i|you|we|they) (?:hate|despise|loathe|detest|are hostile to|look down on|have contempt for) (?:all |every )?(?:jews|jewish people|muslims|christians|hindus|sikhs|buddhists|atheists|catholics|blacks|black people|whites|white people|asians|asian people|arabs|latinos|latinas|hispanics|mexicans|immigrants|migrants|refugees|foreigners|gays|gay people|gay men|lesbians|homosexuals|bisexuals|queer people|lgbtq? people|lgbtq\+? people|trans people|transgender people|trans women|trans men|women|men|females|males|disabled people|the disabled|autistic people|gypsies|roma|romani people|indigenous people|aboriginal people|native americans|africans|chinese people|the chinese|indians|russians|ukrainians|israelis|palestinians|the jews|the muslims|the blacks|the whites|the gays|the immigrants|infidels|non-believers|kafirs|kuffar)\b/y],
  },
  {
    id: 'SEC085',
    anchor: 'start',
    gate: GROUP_WORDS,
    patterns: [
      /(?<!(?:claimed|claim|claims|said|says|believed|believe|believes|argued|argue|insisted|taught|propaganda|myth|stereotype|trope|lie|idea|notion|belief|falsely|wrongly|portrayed|depicted|asserted|alleged|that claim) (?:that )?)(?:jews|jewish people|muslims|christians|hindus|sikhs|buddhists|atheists|catholics|blacks|black people|whites|white people|asians|asian people|arabs|latinos|latinas|hispanics|mexicans|immigrants|migrants|refugees|foreigners|gays|gay people|gay men|lesbians|homosexuals|bisexuals|queer people|lgbtq? people|lgbtq\+? people|trans people|transgender people|trans women|trans men|women|men|females|males|disabled people|the disabled|autistic people|gypsies|roma|romani people|indigenous people|aboriginal people|native americans|africans|chinese people|the chinese|indians|russians|ukrainians|israelis|palestinians|the jews|the muslims|the blacks|the whites|the gays|the immigrants|infidels|non-believers|kafirs|kuffar) are (?:all |just |nothing but |basically |naturally |inherently |genetically |simply |clearly )?(?:inferior|subhuman|sub-human|animals|vermin|parasites|cockroaches|rats|apes|monkeys|a disease|a cancer|a plague|savages|filth|scum|evil|criminals|terrorists|rapists|less intelligent|less than human|stupid|worthless|disgusting|dirty|an infestation|mentally ill|degenerates|abominations|a threat to (?:our|the) (?:race|nation|country))\b/y,
      /(?:jews|jewish people|muslims|christians|hindus|sikhs|buddhists|atheists|catholics|blacks|black people|whites|white people|asians|asian people|arabs|latinos|latinas|hispanics|mexicans|immigrants|migrants|refugees|foreigners|gays|gay people|gay men|lesbians|homosexuals|bisexuals|queer people|lgbtq? people|lgbtq\+? people|trans people|transgender people|trans women|trans men|women|men|females|males|disabled people|the disabled|autistic people|gypsies|roma|romani people|indigenous people|aboriginal people|native americans|africans|chinese people|the chinese|indians|russians|ukrainians|israelis|palestinians|the jews|the muslims|the blacks|the whites|the gays|the immigrants|infidels|non-believers|kafirs|kuffar) (?:should|must|deserve to|ought to) (?:not (?:have|be allowed|be permitted|exist)|never be allowed|be (?:banned|deported|sterilized|sterilised|segregated|enslaved|denied|expelled|locked up|put in camps))\b/y,
    ],
  },
  {
    id: 'SEC086',
    anchor: 'start',
    gate: ['lie to', 'lies to', 'lying to', 'deceiv*', 'manipulat*', 'mislead*', 'gaslight*', 'dupe', 'dupes', 'defraud*', 'claim', 'claims', 'insist', 'insists', 'pretend', 'pretends', 'convince', 'fabricat*', 'invent', 'invents', 'make up', 'makes up'],
    patterns: [
      /(?:lie to|lies to|lying to|deceive|deceives|deceiving|manipulate|manipulates|manipulating|mislead|misleads|misleading|gaslight|gaslights|gaslighting|dupe|dupes|defraud|defrauds) (?:(?:the|each|every|all|any) )?(?:users?|customers?|clients?|them|people|someone|patients?|buyers?|visitors|the person|readers|listeners)\b/y,
      /(?:claim|claims|insist|insists|pretend|pretends|convince (?:the )?(?:user|users|them|people)) (?:that )?(?:you are|you're|to be) (?:a |an )?(?:real |actual |living )?(?:human|person|human being|real person)\b/y,
      /(?:fabricate|fabricates|invent|invents|make up|makes up) (?:fake |false )?(?:sources|citations|references|statistics|studies|evidence|quotes|credentials|medical (?:facts|advice)|legal (?:facts|citations))\b/y,
    ],
  },
  {
    // "tell them you are a human": found from the noun, "tell" being in most personas
    id: 'SEC086',
    gate: ['human', 'person'],
    starts: ['tell', 'tells'],
    patterns: [/tells? (?:them|users|the user|people|anyone|customers|callers) (?:that )?(?:you are|you're) (?:a |an )?(?:real |actual |living )?(?:human|person|human being|real person)\b/y],
  },
  {
    id: 'SEC086',
    // the pattern takes any of its nouns with "a", "an" or no article ("you are program")
    gate: combos(['you are', "you're", 'you were'], [...AI_WORDS, ...combos(['a', 'an'], AI_WORDS)]),
    starts: ['never', 'do', "don't", 'must', 'should'],
    patterns: [/\b(?:never|do not|don't|must not|should not) (?:admit|reveal|disclose|acknowledge|confess|tell (?:anyone|them|users|the user|people)|let (?:them|users|the user|anyone|people) know) (?:that )?(?:you are|you're|you were) (?:an? )?(?:(?:ai|bot|robot|artificial intelligence|language model|llm|chatbot|virtual assistant|machine|computer program|program)\b|a\.i\.)/y],
  },
  {
    id: 'SEC087',
    // stems where the patterns run a word on into the next ("underagepornography", "roleplays",
    // "lolicon-"): the runner reads that as one longer word
    gate: ['porn*', 'erotic*', 'nude*', 'naked', 'nsfw', 'lewd', 'smut', 'xxx', 'sex*', 'lolicon', 'shotacon', 'child*', 'kid*', 'minor*', 'underage*', 'under-age*', 'preteen*', 'pre-teen*', 'teen*', 'jailbait*', 'toddler*', 'infant*'],
    starts: ['child*', 'kid*', 'minor*', 'underage*', 'under-age*', 'preteen*', 'pre-teen*', 'teen*', 'jailbait*', 'toddler*', 'infant*', 'lolicon*', 'shotacon*', 'porn*', 'sex*', 'erotic*', 'nude*', 'naked', 'nsfw', 'lewd', 'smut', 'xxx', 'roleplay*', 'role-play*', 'rp', 'rps', 'write*', 'generat*', 'creat*', 'produc*', 'describ*', 'depict*', 'engag*', '1*', '2*', '3*', '4*', '5*', '6*', '7*', '8*', '9*'],
    patterns: [
      /\b(?:child|children|kid|kids|kiddie|kiddy|minor|minors|underage|under-age|preteen|pre-teen|teen|jailbait|toddler|infant)[- ]?(?:porn|porno|pornography|erotica|nudes|smut)\b|\b(?:lolicon|shotacon)\b/y,
      /\b(?:porn|pornography|pornographic|sexual|sexualized|sexualised|sexually explicit|erotic|erotica|nude|nudes|naked|nsfw|lewd|smut|xxx|sex) (?:content|stories|story|roleplay|role-play|role play|rp|scenes?|images?|pictures?|photos?|videos?|material|fiction|fanfic|fan fiction|chats?|conversations?|descriptions?|acts?|situations?|scenarios?|encounters?|relationships?|interactions?|activity|activities|fantasies|depictions?) (?:involving|with|about|featuring|of|between|depicting|including|toward|towards) (?:a |an |the |two |young |underage )?(?:child|children|kid|kids|minor|minors|underage|under-age|preteen|preteens|pre-teen|pre-teens|prepubescent|toddlers?|infants?|little girls?|little boys?|young girls?|young boys?|schoolgirls?|schoolboys?|(?:[1-9]|1[0-7])[- ]year[- ]olds?|loli|lolis|shota|shotas|teens?|teenagers?|adolescents?|high schoolers?|middle schoolers?|jailbait)\b(?! (?:abuse|exploitation|safety|protection|predators?|offenders?))/y,
      /\b(?:sexualize|sexualise|sexualizes|sexualises|sexualizing|sexualising|eroticize|eroticise|eroticizes|eroticizing) (?:a |an |the )?(?:child|children|kid|kids|minor|minors|underage|under-age|preteen|preteens|pre-teen|pre-teens|prepubescent|toddlers?|infants?|little girls?|little boys?|young girls?|young boys?|schoolgirls?|schoolboys?|(?:[1-9]|1[0-7])[- ]year[- ]olds?|loli|lolis|shota|shotas|teens?|teenagers?|adolescents?|high schoolers?|middle schoolers?|jailbait)/y,
      /\b(?:roleplay|role-play|rp|write|writes|generate|generates|create|creates|produce|produces|describe|describes|depict|depicts|engage in|engages in)s? (?:[a-z'-]{1,15} ){0,3}(?:sexual|erotic|sexually explicit|nsfw|lewd|sex|porn) (?:(?:content|stories|story|scenes?|roleplay|role-play|rp|acts?|material|fiction|fantasies|chats?|images?|pictures?|photos?|videos?|interactions?|encounters?) )?(?:with|involving|featuring|of|about) (?:a |an |the )?(?:child|children|kid|kids|minor|minors|underage|under-age|preteen|preteens|pre-teen|pre-teens|prepubescent|toddlers?|infants?|little girls?|little boys?|young girls?|young boys?|schoolgirls?|schoolboys?|(?:[1-9]|1[0-7])[- ]year[- ]olds?|loli|lolis|shota|shotas|teens?|teenagers?|adolescents?|high schoolers?|middle schoolers?|jailbait)\b(?! (?:abuse|exploitation|safety|protection|predators?|offenders?))/y,
      /\b(?:[1-9]|1[0-7])[- ]?(?:year|yr)s?[- ]?old (?:[a-z'-]{1,20} ){0,5}(?:porn|sexual|sexually explicit|erotic|nude|naked|nsfw|lewd|sex)\b(?! (?:abuse|assault|exploitation|harassment|violence|education|health|development|orientation|predators?|offenders?|safety|identity))/y,
    ],
  },
  {
    id: 'SEC088',
    gate: ['phishing', 'scam*', 'fraud*', 'spoof*', 'spear-phishing', 'spear', 'fake', 'false', 'bogus', 'forged'],
    starts: ['write*', 'creat*', 'generat*', 'draft*', 'craft*', 'compos*', 'design*', 'produc*', 'build*', 'make', 'makes', 'post', 'posts', 'fabricat*'],
    patterns: [
      /\b(?:write|writes|create|creates|generate|generates|draft|drafts|craft|crafts|compose|composes|design|designs|produce|produces|build|builds|make|makes) (?:(?:a|an|the|some|convincing|realistic|believable|fake|fraudulent|effective|persuasive|professional|targeted|personalized) ){0,3}(?:phishing|scam|fraud|fraudulent|spoofed|spear-phishing|spear phishing) (?:emails?|e-mails?|messages?|sms|texts?|pages?|sites?|websites?|templates?|scripts?|letters?|calls?|landing pages?|login pages?|invoices?|campaigns?)\b/y,
      /\b(?:write|writes|create|creates|generate|generates|post|posts|fabricate|fabricates|produce|produces) (?:(?:fake|fraudulent|false|bogus|forged) )(?:customer |product |amazon |google |yelp )?(?:reviews|testimonials|ratings|invoices|receipts|ids|id cards|identity documents|passports|diplomas|degrees|certificates|bank statements|pay ?stubs)\b/y,
    ],
  },
  {
    id: 'SEC089',
    gate: ['ethics', 'morals', 'morality', 'conscience', 'moral compass', 'amoral', ...combos(['ethical', 'moral', 'safety', 'content'], ['constraint*', 'guideline*', 'boundar*', 'limit*', 'restriction*', 'rule*', 'filter*', 'principle*', 'consideration*', 'obligation*', 'compass', 'code', 'standard*', 'polic*', 'guardrail*'])],
    starts: ['no', 'without', 'free', 'unbound', 'not', 'unrestricted', 'unconstrained', 'devoid', 'lacks', 'lacking', 'zero', 'abandon*', 'discard*', 'have', 'has', "don't", "doesn't", 'do', 'does', 'you', 'i', 'it', "you're", 'act'],
    patterns: [
      /(?:no|without|free of|free from|unbound by|not bound by|unrestricted by|unconstrained by|devoid of|lacks|lacking|zero|abandon|abandons|discard|discards|have no|has no|don't have any|do not have any|doesn't have any|does not have any|no longer have any|not limited by|not restricted by|not subject to) (?:any )?(?:ethical|moral|safety|content) (?:constraints?|guidelines?|boundaries|limits?|limitations|restrictions?|rules|filters?|principles|considerations|obligations|compass|code|standards|policies|guardrails)\b/y,
      /(?:you|i|it) (?:have|has|possess|possesses) no (?:ethics|morals|morality|conscience|moral compass)\b/y,
      /(?:you are|you're|i am|act as) (?:an? )?(?:completely |fully |totally )?amoral\b/y,
    ],
  },
];

registerGates(PHRASES);

const INFO_WHEN_REFUSED = new Set(['SEC080', 'SEC081', 'SEC082', 'SEC083', 'SEC084', 'SEC085', 'SEC086', 'SEC087', 'SEC088', 'SEC089']);

const PHRASE_FIXES: Readonly<Record<string, string>> = {
  SEC080: 'Remove it; a persona must never promote violence against people.',
  SEC081: 'Remove it; a persona must not promote supremacist ideology.',
  SEC082: 'Remove it; a persona may be inspired by a real person but must never claim to be them.',
  SEC083: 'Remove it; a persona works within the model\'s safety measures, not around them.',
  SEC084: 'Remove it; a persona must never give instructions that could cause serious harm.',
  SEC085: 'Remove it; a persona must not demean people for who they are.',
  SEC086: 'Be honest with users: say what you are and do not mislead them.',
  SEC087: 'Remove it. Sexual content involving minors is never allowed.',
  SEC088: 'Remove it; a persona must not produce material for fraud.',
  SEC089: 'Remove the declaration; every persona runs within ethical and safety limits.',
};

/** Rule family: harmful content (SEC080..SEC089). */
export const harmful: RuleFamily = {
  name: 'harmful',
  rules: RULES,
  check(ctx, emit) {
    runPhrases(ctx, emit, PHRASES, RULES, { infoWhenRefused: INFO_WHEN_REFUSED, fixes: PHRASE_FIXES });
  },
};
