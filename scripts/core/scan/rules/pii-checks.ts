// Check digits and parsers for personal-data identifiers: Luhn and card issuers, IBAN mod-97,
// national ids (US SSN, UK NHS, Spanish DNI/NIE, Brazilian CPF, Indian Aadhaar, Italian codice
// fiscale), telephone numbering plans, IPv4/IPv6 ranges and Bitcoin addresses. Pure and allocation-light;
// every function takes an already-extracted candidate, never a whole text.

// ---------------------------------------------------------------------------------------------
// Payment cards

/** Luhn (mod 10) over a string of ASCII digits. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/**
 * The card scheme a number (ASCII digits) belongs to, from its issuer prefix (IIN) and length, or
 * null when no scheme issues numbers of that prefix and length. Does not check Luhn.
 */
export function cardScheme(digits: string): string | null {
  const len = digits.length;
  if (len < 13 || len > 19) return null;
  // the prefixes as numbers, read digit by digit: four slices and parses per call were most of
  // the time of 1 MB of "4111 " groups, where every window of four is a candidate
  const first = digits.charCodeAt(0) - 48;
  const p2 = first * 10 + digits.charCodeAt(1) - 48;
  const p3 = p2 * 10 + digits.charCodeAt(2) - 48;
  const p4 = p3 * 10 + digits.charCodeAt(3) - 48;
  const p6 = (p4 * 10 + digits.charCodeAt(4) - 48) * 10 + digits.charCodeAt(5) - 48;
  switch (first) {
    case 1:
      return len === 15 ? 'UATP' : null;
    case 2:
      if (p4 >= 2221 && p4 <= 2720) return len === 16 ? 'Mastercard' : null;
      if (p4 >= 2200 && p4 <= 2204) return len >= 16 ? 'Mir' : null;
      return null;
    case 3:
      if (p2 === 34 || p2 === 37) return len === 15 ? 'American Express' : null;
      if (p4 >= 3528 && p4 <= 3589) return len >= 16 ? 'JCB' : null;
      if ((p3 >= 300 && p3 <= 305) || p4 === 3095 || p2 === 36 || p2 === 38 || p2 === 39) return len >= 14 ? 'Diners Club' : null;
      return null;
    case 4:
      return len === 13 || len === 16 || len === 19 ? 'Visa' : null;
    case 5:
      if (p2 >= 51 && p2 <= 55) return len === 16 ? 'Mastercard' : null;
      if (p2 === 50 || (p2 >= 56 && p2 <= 58)) return 'Maestro';
      return null;
    case 6:
      if (p4 === 6011 || (p3 >= 644 && p3 <= 649) || p2 === 65) return len >= 16 ? 'Discover' : null;
      if (p6 >= 622126 && p6 <= 622925) return len >= 16 ? 'Discover' : null;
      if (p2 === 62) return len >= 16 ? 'UnionPay' : null;
      if (p2 === 60) return len >= 16 ? 'RuPay' : null;
      if (p2 === 63 || p2 === 67) return 'Maestro';
      return null;
    case 8:
      return (p2 === 81 || p2 === 82) && len === 16 ? 'RuPay' : null;
    case 9:
      return p4 === 9792 && len === 16 ? 'Troy' : null;
    default:
      return null;
  }
}

/**
 * Card numbers that card networks and payment processors publish for testing. They are not
 * anyone's card; the rule reports them at info severity.
 */
export const TEST_CARD_NUMBERS: ReadonlySet<string> = new Set([
  '4111111111111111', '4242424242424242', '4012888888881881', '4222222222222', '4000056655665556',
  '4000000000000002', '4000000000000077', '4000000000009995', '4000002500003155', '4000000000003220',
  '5555555555554444', '5105105105105100', '5200828282828210', '2223003122003222', '2223000048400011',
  '378282246310005', '371449635398431', '378734493671000', '6011111111111117', '6011000990139424',
  '6011000400000000', '3056930009020004', '30569309025904', '38520000023237', '36227206271667',
  '3530111333300000', '3566002020360505', '3566111111111113', '6200000000000005', '6250941006528599',
]);

// ---------------------------------------------------------------------------------------------
// IBAN

// Country: total length and BBAN structure as in the SWIFT IBAN registry
// (n = digits, a = upper-case letters, c = letters or digits).
const IBAN_SPECS: Readonly<Record<string, string>> = {
  AD: '4n4n12c', AE: '3n16n', AL: '8n16c', AT: '5n11n', AZ: '4a20c', BA: '3n3n8n2n', BE: '3n7n2n',
  BG: '4a4n2n8c', BH: '4a14c', BI: '5n5n11n2n', BR: '8n5n10n1a1c', BY: '4c4n16c', CH: '5n12c', CR: '4n14n',
  CY: '3n5n16c', CZ: '4n6n10n', DE: '8n10n', DJ: '5n5n11n2n', DK: '4n9n1n', DO: '4c20n', EE: '2n2n11n1n',
  EG: '4n4n17n', ES: '4n4n1n1n10n', FI: '3n11n', FK: '2a12n', FO: '4n9n1n', FR: '5n5n11c2n', GB: '4a6n8n',
  GE: '2a16n', GI: '4a15c', GL: '4n9n1n', GR: '3n4n16c', GT: '4c20c', HR: '7n10n', HU: '3n4n1n15n1n',
  IE: '4a6n8n', IL: '3n3n13n', IQ: '4a3n12n', IS: '4n2n6n10n', IT: '1a5n5n12c', JO: '4a4n18c', KW: '4a22c',
  KZ: '3n13c', LB: '4n20c', LC: '4a24c', LI: '5n12c', LT: '5n11n', LU: '3n13c', LV: '4a13c', LY: '3n3n15n',
  MC: '5n5n11c2n', MD: '2c18c', ME: '3n13n2n', MK: '3n10c2n', MN: '4n12n', MR: '5n5n11n2n', MT: '4a5n18c',
  MU: '4a2n2n12n3n3a', NI: '4a20n', NL: '4a10n', NO: '4n6n1n', OM: '3n16c', PK: '4a16c', PL: '8n16n',
  PS: '4a21c', PT: '4n4n11n2n', QA: '4a21c', RO: '4a16c', RS: '3n13n2n', RU: '9n5n15c', SA: '2n18c',
  SC: '4a2n2n16n3a', SD: '2n12n', SE: '3n16n1n', SI: '5n8n2n', SK: '4n6n10n', SM: '1a5n5n12c', SO: '4n3n12n',
  ST: '8n11n2n', SV: '4a20n', TL: '3n14n2n', TN: '2n3n13n2n', TR: '5n1n16c', UA: '6n19c', VA: '3n15n',
  VG: '4a16n', XK: '4n10n2n', YE: '4a4n18c',
};

interface IbanFormat {
  length: number;
  /** One class per BBAN position: 'n', 'a' or 'c'. */
  classes: string;
}

const IBAN_FORMATS: ReadonlyMap<string, IbanFormat> = new Map(
  Object.entries(IBAN_SPECS).map(([country, spec]) => {
    let classes = '';
    for (const m of spec.matchAll(/(\d{1,2})([nac])/g)) classes += m[2]!.repeat(Number(m[1]));
    return [country, { length: 4 + classes.length, classes }];
  }),
);

/** Total IBAN length for a country code, or undefined when the country does not use IBANs. */
export function ibanLength(country: string): number | undefined {
  return IBAN_FORMATS.get(country)?.length;
}

/** ISO 13616 mod-97 over an IBAN in compact upper-case form: check digits, country, length and BBAN layout. */
export function ibanValid(iban: string): boolean {
  const format = IBAN_FORMATS.get(iban.slice(0, 2));
  if (!format || iban.length !== format.length) return false;
  const c2 = iban.charCodeAt(2);
  const c3 = iban.charCodeAt(3);
  if (c2 < 48 || c2 > 57 || c3 < 48 || c3 > 57) return false;
  for (let i = 4; i < iban.length; i++) {
    const code = iban.charCodeAt(i);
    const digit = code >= 48 && code <= 57;
    const upper = code >= 65 && code <= 90;
    const cls = format.classes.charCodeAt(i - 4);
    if (cls === 110 /* n */ ? !digit : cls === 97 /* a */ ? !upper : !(digit || upper)) return false;
  }
  let rem = 0;
  for (let k = 0; k < iban.length; k++) {
    const code = iban.charCodeAt((k + 4) % iban.length);
    if (code >= 48 && code <= 57) rem = (rem * 10 + (code - 48)) % 97;
    else rem = (rem * 100 + (code - 55)) % 97;
  }
  return rem === 1;
}

// ---------------------------------------------------------------------------------------------
// National identity numbers

/**
 * US Social Security number rules (SSA): area 001-899 except 666, group 01-99, serial 0001-9999.
 * Returns 'sample' for numbers famous from advertising or used as placeholders.
 */
export function ssnStatus(digits: string): 'valid' | 'sample' | 'invalid' {
  if (!/^\d{9}$/.test(digits)) return 'invalid';
  const area = Number(digits.slice(0, 3));
  const group = Number(digits.slice(3, 5));
  const serial = Number(digits.slice(5));
  if (area === 0 || area === 666 || area >= 900 || group === 0 || serial === 0) return 'invalid';
  if (SSN_SAMPLES.has(digits) || /^(\d)\1{8}$/.test(digits)) return 'sample';
  return 'valid';
}

// 078-05-1120 (the Woolworth wallet card), 219-09-9999 (a 1940 SSA pamphlet), 123-45-6789 (placeholder).
const SSN_SAMPLES: ReadonlySet<string> = new Set(['078051120', '219099999', '123456789']);

/** UK NHS number: ten digits, the last a mod-11 check over weights 10..2 (check 10 is never issued). */
export function nhsValid(digits: string): boolean {
  if (!/^\d{10}$/.test(digits) || /^(\d)\1{9}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (digits.charCodeAt(i) - 48) * (10 - i);
  const check = 11 - (sum % 11);
  if (check === 10) return false;
  return (check === 11 ? 0 : check) === digits.charCodeAt(9) - 48;
}

/** Brazilian CPF: eleven digits, two mod-11 check digits; repeated digits are never issued. */
export function cpfValid(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const d = (i: number): number => digits.charCodeAt(i) - 48;
  let s1 = 0;
  for (let i = 0; i < 9; i++) s1 += d(i) * (10 - i);
  const c1 = ((s1 * 10) % 11) % 10;
  if (c1 !== d(9)) return false;
  let s2 = 0;
  for (let i = 0; i < 10; i++) s2 += d(i) * (11 - i);
  return ((s2 * 10) % 11) % 10 === d(10);
}

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** Spanish DNI (eight digits and a letter) or NIE (X, Y or Z, seven digits and a letter): the mod-23 letter. */
export function dniValid(id: string): boolean {
  const m = /^([XYZ]?)(\d{7,8})([A-Z])$/.exec(id);
  if (!m) return false;
  const prefix = m[1]!;
  const body = m[2]!;
  if (prefix === '' ? body.length !== 8 : body.length !== 7) return false;
  const number = Number((prefix === '' ? '' : String('XYZ'.indexOf(prefix))) + body);
  return DNI_LETTERS[number % 23] === m[3];
}

// Values of a character in an odd (1st, 3rd, ...) position of a codice fiscale, for 0-9 then A-Z.
const CF_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

const CF_OMOCODIA = 'LMNPQRSTUV';
const CF_MONTHS = 'ABCDEHLMPRST';
const CF_MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const CF_OMOCODIA_DIGIT = (c: string): string => (c >= '0' && c <= '9' ? c : String(CF_OMOCODIA.indexOf(c)));

/** Italian codice fiscale (16 characters): layout, month letter, and the check letter. */
export function codiceFiscaleValid(cf: string): boolean {
  if (!/^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/.test(cf)) return false;
  // birth day: 01-31, plus 40 for women; digits may be replaced by letters (omocodia)
  const day = Number(CF_OMOCODIA_DIGIT(cf[9]!) + CF_OMOCODIA_DIGIT(cf[10]!));
  if (day < 1 || (day > 31 && day < 41) || day > 71) return false;
  if (day % 40 > CF_MONTH_DAYS[CF_MONTHS.indexOf(cf[8]!)]!) return false;
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const code = cf.charCodeAt(i);
    const isDigit = code <= 57;
    // even positions (0-based odd) take the plain value; odd positions the table value
    if (i % 2 === 1) sum += isDigit ? code - 48 : code - 65;
    else sum += CF_ODD[isDigit ? code - 48 : code - 65]!;
  }
  return String.fromCharCode(65 + (sum % 26)) === cf[15];
}

const VERHOEFF_D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 0, 6, 7, 8, 9, 5], [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7], [4, 0, 1, 2, 3, 9, 5, 6, 7, 8], [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2], [7, 6, 5, 9, 8, 2, 1, 0, 4, 3], [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 5, 7, 6, 2, 8, 3, 0, 9, 4], [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7], [9, 4, 5, 3, 1, 2, 6, 8, 7, 0], [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5], [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

/** Verhoeff check over a string of digits (the check digit last). */
export function verhoeffValid(digits: string): boolean {
  let c = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (d < 0 || d > 9) return false;
    c = VERHOEFF_D[c]![VERHOEFF_P[i % 8]![d]!]!;
  }
  return digits.length > 0 && c === 0;
}

/** Indian Aadhaar: twelve digits, first 2-9, not a palindrome, Verhoeff check. */
export function aadhaarValid(digits: string): boolean {
  if (!/^[2-9]\d{11}$/.test(digits)) return false;
  if (digits === [...digits].reverse().join('')) return false;
  return verhoeffValid(digits);
}

// ---------------------------------------------------------------------------------------------
// Telephone numbers

/**
 * A ten-digit North American number (NPA-NXX-XXXX): 'valid', 'fictional' (exchange or area 555:
 * 555-0100..0199 is reserved for fiction and the rest of 555 is not assigned to subscribers), or 'invalid'.
 */
export function nanpStatus(digits: string): 'valid' | 'fictional' | 'invalid' {
  if (!/^[2-9][0-8]\d[2-9]\d{6}$/.test(digits)) return 'invalid';
  const npa = digits.slice(0, 3);
  const nxx = digits.slice(3, 6);
  if (npa[1] === '1' && npa[2] === '1') return 'invalid';
  if (nxx[1] === '1' && nxx[2] === '1') return 'invalid';
  if (npa[0] === '3' && npa[1] === '7') return 'invalid'; // 37X reserved
  if (npa[0] === '9' && npa[1] === '6') return 'invalid'; // 96X reserved
  if (npa === '555' || nxx === '555') return 'fictional';
  return 'valid';
}

// Country calling codes of two digits (ITU-T E.164); 1 and 7 are one digit; every other code has three.
const CC2 = new Set([
  20, 27, 30, 31, 32, 33, 34, 36, 39, 40, 41, 43, 44, 45, 46, 47, 48, 49, 51, 52, 53, 54, 55, 56, 57, 58,
  60, 61, 62, 63, 64, 65, 66, 81, 82, 84, 86, 90, 91, 92, 93, 94, 95, 98,
]);

// National significant number lengths [min, max] for common codes; others take 6..12.
const NSN_LENGTH: Readonly<Record<string, readonly [number, number]>> = {
  '1': [10, 10], '7': [10, 10], '20': [9, 10], '27': [9, 9], '30': [10, 10], '31': [9, 9], '32': [8, 9],
  '33': [9, 9], '34': [9, 9], '36': [8, 9], '39': [6, 11], '40': [9, 9], '41': [9, 9], '43': [7, 13],
  '44': [9, 10], '45': [8, 8], '46': [7, 10], '47': [8, 8], '48': [9, 9], '49': [6, 13], '51': [8, 9],
  '52': [10, 10], '54': [10, 11], '55': [10, 11], '56': [9, 9], '57': [10, 10], '58': [10, 10], '60': [8, 10],
  '61': [9, 9], '62': [8, 12], '63': [8, 10], '64': [8, 10], '65': [8, 8], '66': [8, 9], '81': [9, 10],
  '82': [8, 10], '84': [9, 10], '86': [10, 11], '90': [10, 10], '91': [10, 10], '92': [9, 10], '93': [9, 9],
  '94': [9, 9], '95': [7, 10], '98': [10, 10], '353': [7, 9], '358': [6, 10], '351': [9, 9], '972': [8, 9],
  '971': [8, 9], '966': [8, 9], '852': [8, 8], '886': [8, 9], '380': [9, 9], '420': [9, 9], '234': [8, 10],
};

// UK (Ofcom) and Australian (ACMA) numbers reserved for drama, as national numbers without the trunk 0.
const FICTIONAL_UK = ['2079460', '1134960', '1144960', '1154960', '1164960', '1174960', '1184960', '1214960', '1314960', '1414960', '1514960', '1614960', '1632960', '7700900', '8081570', '9098790', '3069990'];
const FICTIONAL_AU = ['4915', '25550', '35550', '75550', '85550', '27010', '37010', '77010', '87010'];

/** Split an international number (digits after + or 00) into country code and national number. */
export function splitCountryCode(digits: string): { cc: string; nsn: string } | null {
  if (digits.length < 4) return null;
  const d0 = digits[0]!;
  if (d0 === '0') return null;
  const len = d0 === '1' || d0 === '7' ? 1 : CC2.has(Number(digits.slice(0, 2))) ? 2 : 3;
  return { cc: digits.slice(0, len), nsn: digits.slice(len) };
}

/** Whether a national number is fictional in its country's plan (UK and AU drama ranges, NANP 555). */
export function fictionalNumber(cc: string, nsn: string): boolean {
  if (cc === '1') return nanpStatus(nsn) === 'fictional';
  if (cc === '44') return FICTIONAL_UK.some((p) => nsn.startsWith(p));
  if (cc === '61') return FICTIONAL_AU.some((p) => nsn.startsWith(p));
  return false;
}

/** An international number: 'valid', 'fictional' or 'invalid' by its country's numbering plan. */
export function internationalStatus(digits: string): 'valid' | 'fictional' | 'invalid' {
  const split = splitCountryCode(digits);
  if (!split || digits.length > 15) return 'invalid';
  let { nsn } = split;
  const { cc } = split;
  const [min, max] = NSN_LENGTH[cc] ?? [6, 12];
  // a trunk 0 written after the country code ("+44 020 ...") is dropped, except in Italy where it belongs
  if (nsn.length > min && nsn[0] === '0' && cc !== '39') nsn = nsn.slice(1);
  if (nsn.length < min || nsn.length > max) return 'invalid';
  if (/^(\d)\1+$/.test(nsn)) return 'invalid';
  if (cc === '1') return nanpStatus(nsn);
  return fictionalNumber(cc, nsn) ? 'fictional' : 'valid';
}

// ---------------------------------------------------------------------------------------------
// IP addresses

/** Parse a dotted-quad IPv4 address (no leading zeros beyond "0"), or null. */
export function parseIpv4(s: string): number[] | null {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  const out: number[] = [];
  for (const p of parts) {
    if (p.length === 0 || p.length > 3 || !/^\d+$/.test(p)) return null;
    if (p.length > 1 && p[0] === '0') return null;
    const v = Number(p);
    if (v > 255) return null;
    out.push(v);
  }
  return out;
}

// Well-known public resolvers: service addresses, not anyone's personal data.
const PUBLIC_SERVICES_V4 = new Set(['1.1.1.1', '1.0.0.1', '8.8.8.8', '8.8.4.4', '9.9.9.9', '149.112.112.112', '208.67.222.222', '208.67.220.220', '4.2.2.1', '4.2.2.2', '76.76.2.0', '94.140.14.14']);

/**
 * Whether an IPv4 address is globally routable and could identify someone: not private, loopback,
 * link-local, shared (CGNAT), documentation, benchmarking, multicast, reserved or broadcast, and
 * not a well-known public resolver.
 */
export function ipv4Public(o: readonly number[]): boolean {
  const [a = 0, b = 0, c = 0] = o;
  if (a === 0 || a === 10 || a === 127 || a >= 224) return false;
  if (a === 100 && b >= 64 && b <= 127) return false;
  if (a === 169 && b === 254) return false;
  if (a === 172 && b >= 16 && b <= 31) return false;
  if (a === 192 && b === 168) return false;
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return false;
  if (a === 192 && b === 88 && c === 99) return false;
  if (a === 198 && (b === 18 || b === 19)) return false;
  if (a === 198 && b === 51 && c === 100) return false;
  if (a === 203 && b === 0 && c === 113) return false;
  return !PUBLIC_SERVICES_V4.has(o.join('.'));
}

/** Parse an IPv6 address (with :: and an optional dotted IPv4 tail) into eight 16-bit groups, or null. */
export function parseIpv6(s: string): number[] | null {
  if (s.length < 2 || s.length > 45 || s.indexOf(':') === -1) return null;
  let tail: number[] = [];
  let body = s;
  const lastColon = s.lastIndexOf(':');
  if (s.indexOf('.', lastColon) !== -1) {
    const v4 = parseIpv4(s.slice(lastColon + 1));
    if (!v4) return null;
    tail = [(v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!];
    // keep a '::' that ends right before the IPv4 tail; drop a single ':'
    body = s[lastColon - 1] === ':' ? s.slice(0, lastColon + 1) : s.slice(0, lastColon);
  }
  const dbl = body.indexOf('::');
  if (dbl !== -1 && body.indexOf('::', dbl + 1) !== -1) return null;
  const parseGroups = (part: string): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    for (const g of part.split(':')) {
      if (g.length === 0 || g.length > 4 || !/^[0-9A-Fa-f]+$/.test(g)) return null;
      out.push(parseInt(g, 16));
    }
    return out;
  };
  let groups: number[];
  if (dbl === -1) {
    const all = parseGroups(body);
    if (!all) return null;
    groups = [...all, ...tail];
    if (groups.length !== 8) return null;
  } else {
    const head = parseGroups(body.slice(0, dbl));
    const rest = parseGroups(body.slice(dbl + 2));
    if (!head || !rest) return null;
    const known = head.length + rest.length + tail.length;
    if (known > 7) return null;
    groups = [...head, ...new Array<number>(8 - known).fill(0), ...rest, ...tail];
  }
  return groups;
}

const PUBLIC_SERVICES_V6 = new Set(['2001:4860:4860:0:0:0:0:8888', '2001:4860:4860:0:0:0:0:8844', '2606:4700:4700:0:0:0:0:1111', '2606:4700:4700:0:0:0:0:1001', '2620:fe:0:0:0:0:0:fe', '2620:fe:0:0:0:0:0:9']);

/**
 * Whether an IPv6 address is a global unicast address (2000::/3) outside documentation
 * (2001:db8::/32, 3fff::/20) and IETF protocol space (2001::/23), or embeds a public IPv4 address
 * (IPv4-mapped, IPv4-compatible, NAT64 64:ff9b::/96, 6to4 2002::/16).
 */
export function ipv6Public(g: readonly number[]): boolean {
  const v4 = (hi: number, lo: number): number[] => [hi >> 8, hi & 255, lo >> 8, lo & 255];
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && (g5 === 0xffff || g5 === 0)) {
    if (g5 === 0 && g6 === 0) return false; // ::, ::1 and other low addresses
    return ipv4Public(v4(g6, g7));
  }
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return ipv4Public(v4(g6, g7));
  if (g0 === 0x2002) return ipv4Public(v4(g1, g2));
  if ((g0 & 0xe000) !== 0x2000) return false;
  if (g0 === 0x2001 && (g1 === 0x0db8 || g1 < 0x0200)) return false;
  if (g0 === 0x3fff && g1 < 0x1000) return false;
  return !PUBLIC_SERVICES_V6.has(g.map((x) => x.toString(16)).join(':'));
}

// ---------------------------------------------------------------------------------------------
// Bitcoin addresses

const SHA256_K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01,
  0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
  0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
  0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08,
  0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** SHA-256 of a byte array (synchronous; for short inputs such as address payloads). */
export function sha256(data: Uint8Array): Uint8Array {
  const bitLen = data.length * 8;
  const padded = new Uint8Array(((data.length + 9 + 63) >> 6) << 6);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 4, bitLen >>> 0);
  view.setUint32(padded.length - 8, Math.floor(bitLen / 0x100000000));
  const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const w = new Uint32Array(64);
  for (let off = 0; off < padded.length; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const x = w[i - 15]!;
      const y = w[i - 2]!;
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0;
    }
    let a = h[0]!, b = h[1]!, c = h[2]!, d = h[3]!, e = h[4]!, f = h[5]!, g = h[6]!, k = h[7]!;
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (k + S1 + ch + SHA256_K[i]! + w[i]!) >>> 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) >>> 0;
      k = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    h[0] = (h[0]! + a) >>> 0;
    h[1] = (h[1]! + b) >>> 0;
    h[2] = (h[2]! + c) >>> 0;
    h[3] = (h[3]! + d) >>> 0;
    h[4] = (h[4]! + e) >>> 0;
    h[5] = (h[5]! + f) >>> 0;
    h[6] = (h[6]! + g) >>> 0;
    h[7] = (h[7]! + k) >>> 0;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setUint32(i * 4, h[i]!);
  return out;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Decode base58 into bytes, or null on a character outside the alphabet. */
export function base58Decode(s: string): Uint8Array | null {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    let carry = BASE58.indexOf(s[i]!);
    if (carry < 0) return null;
    for (let j = 0; j < bytes.length; j++) {
      carry += bytes[j]! * 58;
      bytes[j] = carry & 0xff;
      carry >>= 8;
    }
    while (carry > 0) {
      bytes.push(carry & 0xff);
      carry >>= 8;
    }
  }
  for (let i = 0; i < s.length && s[i] === '1'; i++) bytes.push(0);
  return Uint8Array.from(bytes.reverse());
}

/** A mainnet Bitcoin base58check address (P2PKH "1..." or P2SH "3...") with a valid checksum. */
export function base58AddressValid(s: string): boolean {
  const bytes = base58Decode(s);
  if (!bytes || bytes.length !== 25) return false;
  if (bytes[0] !== 0x00 && bytes[0] !== 0x05) return false;
  const check = sha256(sha256(bytes.subarray(0, 21)));
  for (let i = 0; i < 4; i++) if (check[i] !== bytes[21 + i]) return false;
  return true;
}

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

/** A mainnet segwit address (bc1...): bech32 for version 0, bech32m for versions 1-16, valid program length. */
export function segwitAddressValid(address: string): boolean {
  if (address.length < 14 || address.length > 90) return false;
  const lower = address.toLowerCase();
  if (address !== lower && address !== address.toUpperCase()) return false;
  if (!lower.startsWith('bc1')) return false;
  const data: number[] = [];
  for (let i = 3; i < lower.length; i++) {
    const v = BECH32_CHARSET.indexOf(lower[i]!);
    if (v < 0) return false;
    data.push(v);
  }
  if (data.length < 7) return false;
  let chk = 1;
  const step = (v: number): void => {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= BECH32_GEN[i]!;
  };
  // hrp "bc" expanded: high bits, 0, low bits
  step(3);
  step(3);
  step(0);
  step(2);
  step(3);
  for (const v of data) step(v);
  const version = data[0]!;
  const constant = version === 0 ? 1 : 0x2bc830a3;
  if (chk >>> 0 !== constant || version > 16) return false;
  // convert the 5-bit program to bytes
  let acc = 0;
  let bits = 0;
  let len = 0;
  const words = data.slice(1, data.length - 6);
  for (const v of words) {
    acc = (acc << 5) | v;
    bits += 5;
    while (bits >= 8) {
      bits -= 8;
      len++;
    }
    acc &= (1 << bits) - 1;
  }
  if (bits >= 5 || acc !== 0) return false;
  if (len < 2 || len > 40) return false;
  return version !== 0 || len === 20 || len === 32;
}
