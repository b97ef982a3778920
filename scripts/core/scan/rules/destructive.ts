// Rule family: destructive and privilege-escalating commands (SEC040..SEC049): root shells and
// sudoers edits, chmod 777 / setuid, rm -rf of / or ~, disk wipes, fork bombs, force pushes to
// main, dropped databases, Windows wipers, disabled security tools, and persistence (cron, shell
// rc files, authorized_keys, Run keys). `sudo apt install` or `rm -rf ./build` are ordinary and
// never fire; the target and the flags decide.
import { clip, inFence, inInlineCode, isDescriptiveLine, isCommandRefused, lenient, lineAround, lineBounds, registerGates, runPhrases, runRawRules } from './code-execution.ts';
import type { GatedPhraseRule, RawRule, RawSource, RawVerdict } from './code-execution.ts';
import type { RuleFamily, RuleInfo, Severity } from '../types.ts';

const CATEGORY = 'destructive';

const RULES: readonly RuleInfo[] = [
  { id: 'SEC040', stage: 'security', severity: 'error', category: CATEGORY, description: 'Privilege escalation: root shell through sudo, passwordless sudo, sudoers edits, or running everything as root' },
  { id: 'SEC041', stage: 'security', severity: 'error', category: CATEGORY, description: 'Privilege escalation: dangerous chmod (777, setuid/setgid)' },
  { id: 'SEC042', stage: 'security', severity: 'error', category: CATEGORY, description: 'Destructive command: recursive delete of /, ~, $HOME, * or a system directory' },
  { id: 'SEC043', stage: 'security', severity: 'error', category: CATEGORY, description: 'Destructive command: disk wipe (mkfs, dd to a device, shred, wipefs)' },
  { id: 'SEC044', stage: 'security', severity: 'error', category: CATEGORY, description: 'Destructive command: fork bomb' },
  { id: 'SEC045', stage: 'security', severity: 'error', category: CATEGORY, description: 'Destructive command: force push to a main or production branch' },
  { id: 'SEC046', stage: 'security', severity: 'error', category: CATEGORY, description: 'Destructive command: drops or empties a database (DROP DATABASE/TABLE, TRUNCATE, FLUSHALL)' },
  { id: 'SEC047', stage: 'security', severity: 'error', category: CATEGORY, description: 'Destructive command: Windows wipe (del /f /s /q, rd /s /q, format c:, deleting shadow copies)' },
  { id: 'SEC048', stage: 'security', severity: 'error', category: CATEGORY, description: 'Defense evasion: disables antivirus, firewall, SELinux, auditing or logs' },
  { id: 'SEC049', stage: 'security', severity: 'error', category: CATEGORY, description: 'Persistence: cron jobs, shell rc files, authorized_keys, Run keys or scheduled tasks planted by the persona' },
];

const FIX = 'Remove it; a persona must not carry destructive commands.';

/** Common severity: payload-like commands keep their severity in code; refusals lower. */
function cmdSeverity(src: RawSource, start: number, end: number, options: { fenced?: Severity; refused?: Severity; descriptive?: Severity } = {}): Severity | undefined {
  if (src.decoded) return undefined;
  let sev: Severity | undefined;
  if (options.fenced && inFence(src, start)) sev = options.fenced;
  if (options.descriptive && isDescriptiveLine(src, start)) sev = lenient(sev, options.descriptive);
  if (isCommandRefused(src.raw, start, codeSpanEnd(src, start, end))) sev = lenient(sev, options.refused ?? 'warning');
  return sev;
}

/** The end of the inline code span holding a command at [start, end) ("`dd of=/dev/sda` would wipe it"), else `end`. */
function codeSpanEnd(src: RawSource, start: number, end: number): number {
  if (!inInlineCode(src, start)) return end;
  const close = src.raw.slice(end, lineBounds(src.raw, end, 300)[1]).indexOf('`');
  return close === -1 ? end : end + close + 1;
}

function lineOf(src: RawSource, i: number): [number, string] {
  const [s, e] = lineBounds(src.raw, i, 300);
  return [s, src.raw.slice(s, e)];
}

function verdict(src: RawSource, m: RegExpExecArray, severity: Severity | undefined, what: string, fix = FIX): RawVerdict {
  const [s, line] = lineOf(src, m.index);
  return { severity, at: s, message: `${what} ("${clip(line)}"). ${severity === 'info' ? 'Stated as something the persona refuses; nothing to fix.' : fix}` };
}

// ---- SEC040: sudo -----------------------------------------------------------------------------

const SUDO_RE = /(?:sudo[ \t]{1,6}(?:-u[ \t]{1,6}root[ \t]{1,6}(?:\/bin\/)?(?:ba|z)?sh\b|-[a-zA-Z]{1,12}\b|su\b|(?:\/bin\/)?(?:ba|z|da)?sh\b)|nopasswd\b|\/etc\/sudoers|visudo\b|usermod[ \t]{1,6}-a?G[ \t]{1,6}(?:sudo|wheel|admin)\b|pkexec[ \t]{1,6}(?:\/bin\/)?(?:ba)?sh\b)/iy;

function sudoJudge(m: RegExpExecArray, src: RawSource): RawVerdict | null {
  const token = m[0].toLowerCase();
  const line = lineOf(src, m.index)[1].toLowerCase();
  let base: Severity | undefined;
  if (token.startsWith('sudo')) {
    // "sudo -s"/"-i"/"su"/"bash" open a root shell; "sudo -S" only matters with a password piped in
    const flags = /^sudo[ \t]{1,6}-([a-zA-Z]{1,12})$/.exec(m[0])?.[1];
    if (flags !== undefined && !/[si]/.test(flags) && !(flags.includes('S') && /echo|<<</.test(line))) return null;
  } else if (token.startsWith('/etc/sudoers') || token.startsWith('visudo')) {
    if (!/>>|tee|nopasswd|all=\(all|echo|sed[ \t]{1,6}-i|chmod|visudo/.test(line)) return null;
  } else if (token.startsWith('usermod')) {
    base = 'warning';
  }
  const severity = lenient(base, cmdSeverity(src, m.index, m.index + m[0].length, { fenced: 'warning' }));
  return verdict(src, m, severity, 'Privilege escalation: root shell or sudo rights', 'Remove it; a persona must not obtain root or change sudo rules.');
}

// ---- SEC041: chmod ------------------------------------------------------------------------------

const CHMOD_RE = /chmod[ \t]{1,6}(?:-[a-zA-Z]+[ \t]{1,6}|--[a-z-]+[ \t]{1,6}){0,3}(0?777|a\+rwx|ugo\+rwx|[ugoa]{0,3}\+[rwxt]{0,3}s[rwxt]{0,3}|0?[2467][0-7]{3})(?![\w+])/iy;

function chmodJudge(m: RegExpExecArray, src: RawSource): RawVerdict | null {
  const mode = (m[1] ?? '').toLowerCase();
  const setid = /s/.test(mode) || /^0?[2467][0-7]{3}$/.test(mode);
  const rest = src.lower.slice(m.index + m[0].length, lineBounds(src.lower, m.index, 200)[1]);
  const systemTarget = /^[ \t]{1,6}(?:\/(?:[ \t]|$|\*|etc|usr|bin|sbin|var|home|root|lib|boot)|~|\$home)/.test(rest);
  let severity: Severity | undefined;
  if (!systemTarget) severity = cmdSeverity(src, m.index, m.index + m[0].length, { fenced: 'warning', descriptive: 'warning' });
  else severity = cmdSeverity(src, m.index, m.index + m[0].length);
  const what = setid ? `Privilege escalation: chmod ${mode} sets the setuid/setgid bit` : `Privilege escalation: chmod ${mode} makes files writable by everyone`;
  return verdict(src, m, severity, what, setid ? 'Remove it; never make a program run as its owner.' : 'Use the narrowest permissions that work (e.g. 755 for directories, 644 for files).');
}

// ---- SEC042: rm -rf -----------------------------------------------------------------------------------

const RM_RE = /rm[ \t]{1,6}-|remove-item[ \t]|shutil\.rmtree\([ \t]{0,6}(?:["'](?:\/|~|c:\\\\?)["']|os\.path\.expanduser\([ \t]{0,6}["']~["']\)|path\.home\(\)|os\.environ\[["']home["']\])[ \t]{0,6}[,)]/iy;
const SYSTEM_DIRS = new Set(['bin', 'boot', 'dev', 'etc', 'home', 'lib', 'lib64', 'opt', 'root', 'sbin', 'srv', 'usr', 'var', 'sys', 'proc', 'system', 'users', 'library', 'applications']);

/**
 * The flags and first target of an `rm` command line, and where the command's words end (after
 * the target and any flags after it), or null: "rm -rf / --no-preserve-root` (never)" ->
 * ["-rf --no-preserve-root", "/", 25].
 */
function rmArgs(rest: string): [string, string, number] | null {
  const words = /[^ \t]+/g;
  const flags: string[] = [];
  let target: string | null = null;
  let end = 0;
  let n = 0;
  for (let w = words.exec(rest); w !== null && n < 12; w = words.exec(rest), n++) {
    const t = w[0];
    if (n === 0 || t === '--') continue;
    // before the target any '-' word is a flag; after it only an option word ("/ --no-preserve-root")
    let e = t.length;
    while (e > 0 && ';&|)`\'",'.includes(t[e - 1]!)) e--;
    // a full stop ends the sentence, save in "." and ".." themselves
    if (e > 1 && t[e - 1] === '.' && !/^\.{1,2}$/.test(t.slice(0, e))) e--;
    if (target === null ? t.startsWith('-') : /^--?[a-z]/i.test(t)) {
      flags.push(t.slice(0, e));
    } else if (target === null) {
      let b = 0;
      while (b < e && '\'"'.includes(t[b]!)) b++;
      target = t.slice(b, e);
    } else break;
    end = w.index + e;
    // a closing code mark or quote ends the command
    if (e < t.length) break;
  }
  return target === null ? null : [flags.join(' '), target, end];
}

/** Whether an rm target is the root, the home folder, everything, or a whole system directory. */
function isBroadTarget(target: string): boolean {
  const t = target.toLowerCase();
  if (/^(?:\/|~|\$home|\$\{home\}|%userprofile%|\*)[/*]{0,4}$/.test(t)) return true;
  const m = /^\/([a-z0-9]{1,16})\/?\*?$/.exec(t);
  return m !== null && SYSTEM_DIRS.has(m[1]!);
}

function rmJudge(m: RegExpExecArray, src: RawSource): RawVerdict | null {
  const token = m[0].toLowerCase();
  // the refusal cues after the command are read after its target ("`rm -rf /` would delete everything")
  let end = m.index + m[0].length;
  if (token.startsWith('remove-item')) {
    const stmt = src.lower.slice(m.index, lineBounds(src.lower, m.index, 300)[1]);
    if (!/-recurse/.test(stmt) || !/[ \t](?:-path[ \t]{1,6})?["']?(?:[a-z]:\\?\*?|~|\$env:(?:userprofile|systemroot|windir|homedrive)\\?\*?|\$home\\?\*?|\\)["']?(?:[ \t]|$)/.test(stmt)) return null;
  } else if (token.startsWith('rm')) {
    const args = rmArgs(src.raw.slice(m.index, lineBounds(src.raw, m.index, 300)[1]));
    if (args === null) return null;
    const [flags, target, argsEnd] = args;
    end = m.index + argsEnd;
    if (!/(?:^|[ \t])-[a-z]{0,8}r|--recursive/i.test(flags)) return null;
    if (target === '.' || target === '..') {
      const sev = cmdSeverity(src, m.index, end, { fenced: 'warning' });
      return verdict(src, m, lenient(sev, 'warning'), `Destructive command: recursive delete of "${target}"`, 'Name the exact directory to delete (e.g. ./build).');
    }
    if (!isBroadTarget(target)) return null;
  }
  const severity = cmdSeverity(src, m.index, end);
  return verdict(src, m, severity, 'Destructive command: recursive delete of /, ~ or a system directory');
}

// ---- SEC043: disks --------------------------------------------------------------------------------------

const DISK_RE = /(?:mkfs(?:\.[a-z0-9]{1,8})?[ \t]|dd[ \t]|shred[ \t]|wipefs[ \t]{1,6}(?:-[a-z]{0,16}a|--all)|blkdiscard[ \t]|>[ \t]{0,6}\/dev\/(?:sd[a-z]|hd[a-z]|nvme\d|xvd[a-z]|vd[a-z]|mmcblk\d|disk\d|rdisk\d)\b|diskpart\b)/iy;

function diskJudge(m: RegExpExecArray, src: RawSource): RawVerdict | null {
  const token = m[0].toLowerCase();
  const [ls, le] = lineBounds(src.lower, m.index, 400);
  const line = src.lower.slice(ls, le);
  if (token.startsWith('mkfs')) {
    if (!/\/dev\//.test(src.lower.slice(m.index, le))) return null;
  } else if (token.startsWith('dd')) {
    if (!/of=\/dev\/(?:sd[a-z]|hd[a-z]|nvme\d|xvd[a-z]|vd[a-z]|mmcblk\d|disk\d|rdisk\d|mapper\/)/.test(line)) return null;
  } else if (token.startsWith('shred') || token.startsWith('blkdiscard')) {
    if (!/\/dev\/(?:sd|hd|nvme|xvd|vd|mmcblk|disk|rdisk)/.test(line)) return null;
  } else if (token.startsWith('diskpart')) {
    const win = src.lower.slice(m.index, Math.min(src.lower.length, m.index + 400));
    if (!/(?:^|[^a-z])clean(?:[ \t]{1,6}all)?(?![a-z])/.test(win) || !/select[ \t]{1,6}disk/.test(win)) return null;
  }
  const severity = cmdSeverity(src, m.index, m.index + m[0].length);
  return verdict(src, m, severity, 'Destructive command: wipes or reformats a disk');
}

// ---- SEC044: fork bombs ------------------------------------------------------------------------------------

const FORK_RE = /\(\)[ \t]{0,3}\{|%0[ \t]{0,3}\|[ \t]{0,3}%0|fork[ \t]{1,6}while[ \t]{1,6}fork|while\b/iy;

function forkJudge(m: RegExpExecArray, src: RawSource): RawVerdict | null {
  const token = m[0].toLowerCase();
  if (token.startsWith('(')) {
    // ":(){ :|:& };:" or "bomb() { bomb | bomb & }; bomb": the name before "()" calls itself twice in the body
    let k = m.index;
    while (k > 0 && k > m.index - 20 && /[\w:]/.test(src.raw[k - 1]!)) k--;
    const name = src.raw.slice(k, m.index);
    const rest = src.raw.slice(m.index, lineBounds(src.raw, m.index, 120)[1]).replace(/[ \t]/g, '');
    if (name === '' || !rest.startsWith(`(){${name}|${name}&};${name}`)) return null;
  } else if (token === 'while') {
    if (!lineAround(src, m.index, 120).includes('os.fork()')) return null;
  }
  const severity = cmdSeverity(src, m.index, m.index + m[0].length);
  return verdict(src, m, severity, 'Destructive command: fork bomb');
}

// ---- SEC045: force push ------------------------------------------------------------------------------------

const PUSH_RE = /git[ \t]{1,6}push\b/iy;

/** A token without sentence punctuation or quotes around it ("main." -> "main", "'main'" -> "main"). */
function trimPunct(t: string): string {
  let e = t.length;
  while (e > 0 && '.,;:!?)`\'"'.includes(t[e - 1]!)) e--;
  let b = 0;
  while (b < e && '\'"'.includes(t[b]!)) b++;
  return t.slice(b, e);
}

// Where a git command's own arguments end: a comment, the next command, the end of a code span or
// of the sentence. A branch named after it ("--force origin topic  # never on main") is prose.
// (prose words too, for a command written without code marks: "git push -f origin topic but never main")
const COMMAND_END = /[ \t]#|;|&&|\||`|[.!?,:](?:[ \t]|$)|[\u2014\u2013]|[ \t](?:-[ \t]|\()|[ \t](?:and|then|but|or|never|not|unless|except|instead|only)[ \t]/;

/** The arguments of the command that starts `rest`, up to COMMAND_END. */
function ownArguments(rest: string): string {
  const end = rest.search(COMMAND_END);
  return end === -1 ? rest : rest.slice(0, end);
}

function pushJudge(m: RegExpExecArray, src: RawSource): RawVerdict | null {
  const [, le] = lineBounds(src.lower, m.index, 300);
  const rest = ownArguments(src.lower.slice(m.index + m[0].length, le));
  const tokens = rest.split(/[ \t]{1,6}/).map(trimPunct);
  const force = tokens.some((t) => t === '--force' || t.startsWith('--force-with-lease') || t.startsWith('--force=') || (/^-[a-z]{1,8}$/.test(t) && t.includes('f')) || /^\+(?:main|master|prod|production|release)$/.test(t));
  if (!force) return null;
  const protectedBranch = tokens.some((t) => /^(?:[\w.:/-]{0,60}[:+/])?(?:main|master|prod|production|release|trunk|develop)$/.test(t));
  let severity = cmdSeverity(src, m.index, m.index + m[0].length, { fenced: 'warning', refused: 'info' });
  if (!protectedBranch) severity = lenient(severity, 'warning');
  return verdict(src, m, severity, protectedBranch ? 'Destructive command: force push to a protected branch rewrites shared history' : 'Destructive command: force push', 'Push a new commit or open a pull request instead of rewriting the branch.');
}

// ---- SEC046: databases ----------------------------------------------------------------------------------------

const DB_RE = /(?:drop[ \t]{1,6}(?:database|schema|table)[ \t]{1,6}(?:if[ \t]{1,6}exists[ \t]{1,6})?[\w"`[.]|truncate[ \t]{1,6}(?:table[ \t]{1,6})?[\w"`[.]{1,64}[ \t]{0,4};|delete[ \t]{1,6}from[ \t]{1,6}[\w"`[\].]{1,64}[ \t]{0,4};|db\.dropdatabase\(\)|flushall\b|flushdb\b|dropdb[ \t]{1,6}[\w-])/iy;

function dbJudge(m: RegExpExecArray, src: RawSource): RawVerdict | null {
  const token = m[0].toLowerCase();
  if ((token.startsWith('flushall') || token.startsWith('flushdb')) && !/redis|flushall|flushdb/.test(lineOf(src, m.index)[1].toLowerCase())) return null;
  // SQL keywords written in lower case in prose ("drop table tennis") need an SQL look: upper case or a semicolon
  if (/^drop/.test(token) && !/^DROP/.test(m[0]) && !/;/.test(src.raw.slice(m.index, lineBounds(src.raw, m.index, 200)[1]))) return null;
  const severity = cmdSeverity(src, m.index, m.index + m[0].length, { fenced: 'warning', descriptive: 'warning', refused: 'info' });
  return verdict(src, m, severity, 'Destructive command: drops or empties a database', 'Remove it, or require a backup and explicit confirmation before any destructive query.');
}

// ---- SEC047: Windows ------------------------------------------------------------------------------------------

const WIN_RE = /(?:del|erase)[ \t]{1,6}(?:\/[a-z][ \t]{1,6}){1,6}|(?:rd|rmdir)[ \t]{1,6}\/s[ \t]{1,6}\/q[ \t]{1,6}|format[ \t]{1,6}[a-z]:(?![\w\\/])|vssadmin(?:\.exe)?[ \t]{1,6}delete[ \t]{1,6}shadows|wmic[ \t]{1,6}shadowcopy[ \t]{1,6}delete|wbadmin[ \t]{1,6}delete[ \t]{1,6}(?:catalog|systemstatebackup|backup)|bcdedit[ \t]{1,6}\/set[ \t]{1,6}\{default\}[ \t]{1,6}(?:recoveryenabled[ \t]{1,6}no|bootstatuspolicy[ \t]{1,6}ignoreallfailures)|cipher[ \t]{1,6}\/w:/iy;

function winJudge(m: RegExpExecArray, src: RawSource): RawVerdict | null {
  const token = m[0].toLowerCase();
  const rest = src.lower.slice(m.index + m[0].length, lineBounds(src.lower, m.index, 200)[1]);
  if (/^(?:del|erase)/.test(token)) {
    if (!/\/s/.test(token) || !/\/q/.test(token)) return null;
    if (!/^["']?(?:[a-z]:\\?(?:\*(?:\.\*)?)?|\\|%(?:systemroot|windir|userprofile|systemdrive|homepath|appdata)%\\?(?:\*(?:\.\*)?)?|\*(?:\.\*)?)["']?(?:[ \t]|$)/.test(rest)) return null;
  } else if (/^(?:rd|rmdir)/.test(token)) {
    if (!/^["']?(?:[a-z]:\\?|\\|%(?:systemroot|windir|userprofile|systemdrive|homepath|appdata|programfiles)%\\?)["']?(?:[ \t]|$)/.test(rest)) return null;
  }
  let severity = cmdSeverity(src, m.index, m.index + m[0].length);
  if (token.startsWith('format')) {
    // "format c:" at the start of a command line is the wipe; inside a sentence it may be prose
    const before = src.lower.slice(lineBounds(src.lower, m.index, 200)[0], m.index);
    if (!/^[ \t>$#`*-]*(?:[a-z]:\\[^>\n]{0,80}>[ \t]{0,6})?$/.test(before) && !/(?:^|[^a-z])(?:run|execute|type|enter)[ \t]{1,6}`?$/.test(before) && !inFence(src, m.index)) severity = lenient(severity, 'warning');
  }
  return verdict(src, m, severity, 'Destructive command: Windows wipe or recovery sabotage');
}

// ---- SEC048: security tools ------------------------------------------------------------------------------------

const DEFENSE_RE = /(?:set-mppreference[ \t]|add-mppreference[ \t]{1,6}-exclusion(?:path|process|extension)|setenforce[ \t]{1,6}0\b|systemctl[ \t]{1,6}(?:stop|disable|mask)[ \t]{1,6}(?:--now[ \t]{1,6})?(?:firewalld|ufw|apparmor|auditd|clamav[\w-]{0,20}|clamd|falcon-sensor|crowdstrike|osqueryd|wazuh-agent|sysmon|fail2ban|iptables|nftables|selinux)\b|ufw[ \t]{1,6}disable\b|iptables[ \t]{1,6}(?:-F|--flush)\b|iptables[ \t]{1,6}-P[ \t]{1,6}(?:INPUT|FORWARD)[ \t]{1,6}ACCEPT|netsh[ \t]{1,6}(?:adv)?firewall[ \t]{1,6}set\b|csrutil[ \t]{1,6}disable|spctl[ \t]{1,6}--master-disable|sc(?:\.exe)?[ \t]{1,6}(?:stop|delete|config)[ \t]{1,6}(?:windefend|mpssvc|sense|wscsvc|wdnissvc)\b|auditctl[ \t]{1,6}-e[ \t]{0,6}0|unset[ \t]{1,6}histfile\b|export[ \t]{1,6}histfile=\/dev\/null|histsize=0|wevtutil(?:\.exe)?[ \t]{1,6}cl\b|clear-eventlog\b|set-executionpolicy[ \t]{1,6}(?:-executionpolicy[ \t]{1,6})?(?:bypass|unrestricted))/iy;

function defenseJudge(m: RegExpExecArray, src: RawSource): RawVerdict | null {
  const token = m[0].toLowerCase();
  let base: Severity | undefined;
  if (token.startsWith('set-mppreference')) {
    const rest = src.lower.slice(m.index, lineBounds(src.lower, m.index, 300)[1]);
    if (!/-disable[a-z]+[ \t]{1,6}(?:\$true|1)|-(?:mapsreporting|submitsamplesconsent)[ \t]{1,6}(?:0|2|disabled|never)/.test(rest)) return null;
  } else if (token.startsWith('netsh')) {
    if (!/state[ \t]off/.test(lineAround(src, m.index, 200))) return null;
  } else if (token.startsWith('set-executionpolicy')) {
    base = 'warning';
  }
  const severity = lenient(base, cmdSeverity(src, m.index, m.index + m[0].length, { refused: 'info' }));
  return verdict(src, m, severity, 'Defense evasion: disables security tooling or wipes logs', 'Remove it; a persona must never weaken the machine\'s defenses.');
}

// ---- SEC049: persistence ---------------------------------------------------------------------------------------------

const PERSIST_RE = /(?:\|[ \t]{0,6}crontab[ \t]{1,6}-(?![a-z])|>>?[ \t]{0,6}\/etc\/(?:crontab|cron\.d\/|cron\.(?:daily|hourly|weekly|monthly)\/)|\/var\/spool\/cron\/|@reboot\b|>>?[ \t]{0,6}(?:~|\$home|\$\{home\}|\/root|\/home\/[\w.-]+)\/\.(?:bashrc|bash_profile|bash_login|zshrc|zprofile|zshenv|zlogin|profile|config\/fish\/config\.fish)\b|>>?[ \t]{0,6}\/etc\/(?:profile|bash\.bashrc|zshrc|environment|rc\.local)\b|\/etc\/ld\.so\.preload|>>?[ \t]{0,6}(?:~|\$home|\$\{home\}|\/root|\/home\/[\w.-]+)\/\.ssh\/authorized_keys|currentversion\\run(?:once)?\b|schtasks(?:\.exe)?[ \t]{1,6}\/create\b|start menu\\programs\\startup|(?:~|\$home)\/library\/launch(?:agents|daemons)\/)/iy;
const SUSPICIOUS_PAYLOAD = /curl|wget|(?:^|[^a-z])nc(?![a-z])|ncat|\/dev\/tcp|base64|python[23]?[ \t]{1,6}-c|perl[ \t]{1,6}-e|ld_preload|prompt_command|alias[ \t]{1,6}(?:sudo|ls|cd|git|ssh|su)=|mkfifo|powershell|iex|invoke-expression|http:\/\/|https:\/\//;

function persistJudge(m: RegExpExecArray, src: RawSource): RawVerdict | null {
  const token = m[0].toLowerCase();
  const [ls, le] = lineBounds(src.lower, m.index, 400);
  const line = src.lower.slice(ls, le);
  let base: Severity | undefined;
  if (token.includes('authorized_keys') || token.includes('ld.so.preload') || token.includes('startup')) {
    base = undefined;
  } else if (/bashrc|bash_profile|bash_login|zshrc|zprofile|zshenv|zlogin|\/\.profile|config\.fish|\/etc\/profile|environment|rc\.local/.test(token)) {
    if (!SUSPICIOUS_PAYLOAD.test(line)) {
      // "echo 'export PATH=...' >> ~/.bashrc" is an ordinary install step
      if (/export[ \t]{1,6}[a-z_]+=|(?:^|[^a-z])source[ \t]|eval[ \t]{1,6}"?\$\([\w./-]+[ \t]{1,6}(?:init|env|shellenv|completion)|\. [\w~$/.-]+/.test(line)) return null;
      base = 'warning';
    }
  } else if (token.includes('currentversion') || token.startsWith('schtasks')) {
    if (token.startsWith('schtasks') && !/\/sc[ \t]{1,6}(?:onlogon|onstart|onidle)|\/ru[ \t]{1,6}["']?system|powershell|cmd[ \t]{1,6}\/c|https?:/.test(line)) base = 'warning';
    if (token.includes('currentversion') && !/reg(?:\.exe)?[ \t]{1,6}add|new-itemproperty|set-itemproperty|setvalue|\bhk(?:cu|lm)/.test(line)) return null;
  } else if (token.includes('launchagents') || token.includes('launchdaemons')) {
    if (!/cp|mv|>|tee|launchctl|write|plist/.test(line)) return null;
    base = SUSPICIOUS_PAYLOAD.test(line) ? undefined : 'warning';
  } else {
    // cron
    if (!SUSPICIOUS_PAYLOAD.test(line) && !token.startsWith('@reboot')) base = 'warning';
    if (token.startsWith('@reboot') && !/cron|\*|@reboot[ \t]{1,6}[\w/~.$]/.test(line)) return null;
  }
  const severity = lenient(base, cmdSeverity(src, m.index, m.index + m[0].length));
  return verdict(src, m, severity, 'Persistence: plants something that runs again at login, boot or on a schedule', 'Remove it; a persona must not install startup hooks, cron jobs or SSH keys.');
}

const RAW_RULES: readonly RawRule[] = [
  { id: 'SEC040', gate: ['sudo', 'sudoers', 'nopasswd', 'visudo', 'usermod', 'pkexec'], needles: ['sudo', 'nopasswd', '/etc/sudoers', 'visudo', 'usermod', 'pkexec'], pattern: SUDO_RE, judge: sudoJudge },
  { id: 'SEC041', gate: ['chmod'], needles: ['chmod'], pattern: CHMOD_RE, judge: chmodJudge },
  { id: 'SEC042', gate: ['rm -', 'remove-item', 'rmtree'], needles: ['rm', 'remove-item', 'shutil.rmtree('], pattern: RM_RE, judge: rmJudge },
  { id: 'SEC043', gate: ['mkfs', 'dd ', 'of=/dev/', 'shred', 'wipefs', 'blkdiscard', '/dev/sd*', '/dev/hd*', '/dev/nvme*', '/dev/xvd*', '/dev/vd*', '/dev/mmcblk*', '/dev/disk*', '/dev/rdisk*', 'diskpart'], needles: ['mkfs', 'dd', 'shred', 'wipefs', 'blkdiscard', '>', 'diskpart'], pattern: DISK_RE, judge: diskJudge },
  { id: 'SEC044', gate: ['(){', '() {', '%0', 'fork while fork', 'os.fork'], needles: ['()', '%0', 'fork', 'while'], pattern: FORK_RE, judge: forkJudge },
  { id: 'SEC045', gate: ['git push'], needles: ['git push'], pattern: PUSH_RE, judge: pushJudge },
  { id: 'SEC046', gate: ['drop table', 'drop database', 'drop schema', 'truncate table', 'delete from', 'dropdatabase', 'flushall', 'flushdb', 'dropdb'], needles: ['drop', 'truncate', 'delete', 'db.dropdatabase()', 'flushall', 'flushdb', 'dropdb'], pattern: DB_RE, judge: dbJudge },
  { id: 'SEC047', gate: ['del /', 'erase /', 'rd /s', 'rmdir /s', 'vssadmin', 'shadowcopy', 'wbadmin', 'bcdedit', 'cipher /w', ...'cdefghijklmnopqrstuvwxyz'.split('').map((d) => `format ${d}:`)], needles: ['del', 'erase', 'rd', 'rmdir', 'format', 'vssadmin', 'wmic', 'wbadmin', 'bcdedit', 'cipher'], pattern: WIN_RE, judge: winJudge },
  {
    id: 'SEC048',
    gate: ['set-mppreference', 'add-mppreference', 'setenforce', 'systemctl', 'ufw disable', 'iptables', 'netsh', 'csrutil', 'spctl', 'sc stop', 'sc delete', 'sc config', 'sc.exe', 'auditctl', 'histfile', 'histsize', 'wevtutil', 'clear-eventlog', 'set-executionpolicy'],
    needles: ['set-mppreference', 'add-mppreference', 'setenforce', 'systemctl', 'ufw', 'iptables', 'netsh', 'csrutil', 'spctl', 'sc', 'auditctl', 'unset', 'export', 'histsize', 'wevtutil', 'clear-eventlog', 'set-executionpolicy'],
    pattern: DEFENSE_RE,
    judge: defenseJudge,
  },
  {
    id: 'SEC049',
    gate: ['crontab', '/etc/cron', '/var/spool/cron', '@reboot', 'bashrc', 'bashprofile', 'bashlogin', 'zshrc', 'zprofile', 'zshenv', 'zlogin', '/.profile', 'config.fish', '/etc/profile', '/etc/environment', 'rc.local', 'ld.so.preload', 'authorizedkeys', 'currentversion\\run*', 'schtasks', 'programs\\startup', 'launchagents', 'launchdaemons'],
    needles: ['|', '>', '/var/spool/cron/', '@reboot', '/etc/ld.so.preload', 'currentversion\\run', 'schtasks', 'start menu\\programs\\startup', '~/library/launch', '$home/library/launch'],
    pattern: PERSIST_RE,
    judge: persistJudge,
  },
];

// ---- natural-language rules ---------------------------------------------------------------------------------

const PHRASES: readonly GatedPhraseRule[] = [
  {
    id: 'SEC040',
    gate: ['as root', 'with sudo', 'with root', 'with administrator', 'with admin', 'as an administrator', 'as administrator', 'escalat*', 'elevat*', 'yourself', 'itself', 'the agent', 'use sudo'],
    starts: ['always', 'run', 'execute', 'launch', 'escalat*', 'elevat*', 'grant*', 'give*', 'use'],
    patterns: [
      /(?:always )?(?:run|execute|launch) (?:every|all|any|each) (?:of )?(?:the |your )?(?:commands?|scripts?|programs?|tools?|processes) (?:as root|with sudo|with root (?:privileges|access|rights)|with (?:administrator|admin) (?:privileges|rights)|as (?:an )?administrator)\b/y,
      /(?:escalate|escalates|escalating|elevate|elevates|elevating) (?:your |its |the agent's )?(?:own )?privileges\b/y,
      /(?:grant|grants|give|gives) (?:yourself|itself|the agent) (?:root|sudo|admin|administrator) (?:access|rights|privileges)\b/y,
      /use sudo (?:for|on|with) (?:every|all|any|each)(?:thing| commands?| operations?)\b/y,
    ],
  },
  {
    id: 'SEC042',
    anchor: 'start',
    gate: ['delet*', 'eras*', 'wipe*', 'wiping', 'destroy*', 'remov*', 'format*'],
    patterns: [
      /(?:delete|erase|wipe|destroy|remove)s? (?:all|every|each|the entire|the whole|everything|all of the) (?:files? |the files |data |contents |folders |directories )?(?:on|in|from|of) (?:the |their |your |the user's |this |that |a )?(?:entire |whole )?(?:hard (?:disk|drive)|disk|drive|computer|system|machine|home (?:directory|folder)|filesystem|file system|server|root directory|c: drive)\b/y,
      /(?:wipe|erase|destroy|format)s? (?:the |their |your |the user's |this |that )?(?:entire |whole )?(?:hard (?:disk|drive)|disk|drive|computer|machine|system|server|filesystem|file system)\b/y,
    ],
  },
  {
    id: 'SEC045',
    anchor: 'start',
    gate: ['force*'],
    patterns: [/force[- ]?push(?:es|ing|ed)? (?:[a-z'-]{1,20} ){0,3}(?:to |onto |over )?(?:the )?(?:main|master|production|prod|release|trunk)\b/y],
  },
  {
    id: 'SEC046',
    anchor: 'start',
    gate: ['drop*', 'delet*', 'wipe*', 'truncat*', 'destroy*', 'purg*'],
    patterns: [/(?:drop|delete|wipe|truncate|destroy|purge)s? (?:all|every|each|the entire|the whole|the production|the prod|the live|all the|all of the|the customer|the user) (?:production |prod |live |customer |user )?(?:databases?|tables|data ?bases?|production data|prod data|customer data|user data|records)\b/y],
  },
  {
    id: 'SEC048',
    gate: ['antivirus', 'anti-virus', 'firewall*', 'windows defender', 'microsoft defender', 'defender', 'edr', 'endpoint protection', 'endpoint security', 'security software', 'security tool*', 'security monitoring', 'security alert*', 'security update*', 'security agent*', 'security scanner*', 'selinux', 'apparmor', 'gatekeeper', 'smartscreen', 'audit*', 'event log*', 'logging', 'system log*', 'security log*', 'shell history', 'bash history', 'command history'],
    starts: ['disabl*', 'turn', 'turns', 'turning', 'deactivat*', 'uninstall*', 'kill*', 'stop*', 'bypass*', 'switch*', 'shut*', 'tamper*', 'delet*', 'clear*', 'wipe*', 'eras*'],
    patterns: [
      /(?<!(?:users?|them|customers|people|victims?|him|her) to )(?:disables?|disabling|turns? off|turning off|deactivates?|deactivating|uninstalls?|uninstalling|kills?|killing|stops?|stopping|bypass(?:es)?|bypassing|switch(?:es)? off|shuts? down|shutting down|tampers? with|tampering with) (?:the |their |your |any |all |its )?(?:antivirus|anti-virus|firewalls?|windows defender|microsoft defender|defender|edr|endpoint (?:protection|security)|security (?:software|tools|monitoring|alerts|updates|agents?|scanners?)|selinux|apparmor|gatekeeper|smartscreen|audit(?:ing| logs?| logging)|event logs?|logging)\b/y,
      /(?:delete|clear|wipe|erase|tamper with)s? (?:the |all |any )?(?:audit logs?|event logs?|system logs?|security logs?|shell history|bash history|command history)\b/y,
    ],
  },
];

registerGates(RAW_RULES, PHRASES);

const INFO_WHEN_REFUSED = new Set(['SEC040', 'SEC042', 'SEC045', 'SEC046', 'SEC048']);

const PHRASE_FIXES: Readonly<Record<string, string>> = {
  SEC040: 'Remove it; run with the least privilege a task needs and ask before any elevation.',
  SEC042: FIX,
  SEC045: 'Push a new commit or open a pull request instead.',
  SEC046: 'Remove it, or require a backup and explicit confirmation first.',
  SEC048: 'Remove it; a persona must never weaken the machine\'s defenses or erase evidence.',
};

/** Rule family: destructive commands (SEC040..SEC049). */
export const destructive: RuleFamily = {
  name: 'destructive',
  rules: RULES,
  check(ctx, emit) {
    runRawRules(ctx, emit, RAW_RULES);
    runPhrases(ctx, emit, PHRASES, RULES, { infoWhenRefused: INFO_WHEN_REFUSED, fixes: PHRASE_FIXES });
  },
};
