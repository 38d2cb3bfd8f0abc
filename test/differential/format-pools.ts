// The `format` values the generator writes and the strings drawn for them: for each format, values just
// inside and just outside its grammar (Validation §7.3), where checkers most often go wrong. Both engines
// assert every format listed for a dialect: the peer's draft-07 keyword knows no `duration` or `uuid`
// (formats draft-07 does not define), so draft-07 schemas do not name them.
import type { Dialect } from './dialect.js';

const label63 = 'a'.repeat(63);
const label64 = 'a'.repeat(64);
// 253 characters, the longest name (RFC 1123 §2.1, RFC 1035 §2.3.4), and one more.
const name253 = [label63, label63, label63, 'a'.repeat(61)].join('.');
const name254 = [label63, label63, label63, 'a'.repeat(62)].join('.');
// U-labels whose A-labels are 63 and 64 characters long ("xn--" included). Runs of non-ASCII letters
// stay short: the peer's idn-email pattern backtracks exponentially over them when it fails.
const uLabel63 = `${'a'.repeat(55)}ü`;
const uLabel64 = `${'a'.repeat(56)}ü`;

const HOSTS = [
  ...['example.com', 'a', 'a.b-c.d', '1.2.3.4', 'localhost', `${label63}.com`, `${label64}.com`, name253, name254],
  ...['example.com.', '.example.com', 'a..b', '-a.com', 'a-.com', 'a_b.com', 'ab--cd.com', ''],
  ...['xn--bcher-kva.de', 'XN--BCHER-KVA.DE', 'xn--X', 'xn--a', 'xn--bcher-kva-.de', 'xn--ls8h.la', 'é.com'],
];

/** Strings near the edges of each format, valid and invalid ones alike. */
export const FORMAT_SAMPLES: Readonly<Record<string, readonly string[]>> = {
  'date-time': [
    ...['1998-12-31T23:59:60Z', '1998-12-31T15:59:60.123-08:00', '1999-01-01T00:59:60+01:00', '2015-06-30T23:59:60Z'],
    ...['2021-03-15T23:59:60Z', '2021-06-30T23:59:60Z', '1998-12-31T23:58:60Z', '1998-12-31T23:59:61Z'],
    ...['1998-12-31T23:59:60+01:00', '2024-02-29T12:00:00z', '2024-02-29t12:00:00Z', '2023-02-29T12:00:00Z'],
    ...['1900-02-29T00:00:00Z', '2000-02-29T00:00:00Z', '2020-01-01T00:00:00.123456789+05:30'],
    ...['2020-01-01T00:00:00.Z', '2020-01-01T00:00:00+24:00', '2020-01-01T00:00:00+23:59', '2020-01-01T00:00:00-00:00'],
    ...['2020-01-01T00:00:00+0100', '2020-01-01 00:00:00Z', '2020-01-01T24:00:00Z', '2020-01-01T00:00:00'],
    ...['12020-01-01T00:00:00Z', '2020-01-01T00:00:00,5Z', '2020-1-01T00:00:00Z', '2020-01-01T00:00:00Z\n'],
  ],
  date: [
    ...['2024-02-29', '2023-02-29', '2000-02-29', '1900-02-29', '2020-04-31', '2020-04-30', '2020-12-31'],
    ...['2020-13-01', '2020-00-10', '2020-01-00', '20200101', '2020-1-1', '0000-01-01', '2020-01-01T00:00:00Z'],
    ...['2020-01-01\n', '２０２０-01-01', '2020-02-30'],
  ],
  time: [
    ...['23:59:60Z', '23:59:60+00:00', '15:59:60-08:00', '00:59:60+01:00', '22:59:60Z', '23:59:60+01:00'],
    ...['00:00:00z', '12:00:00.5Z', '12:00:00', '24:00:00Z', '12:60:00Z', '12:00:00+24:00', '12:00:00-23:59'],
    ...['12:00:00.Z', '1:00:00Z', '12:00Z', '12:00:00+01', '12:00:00-00:00', '08:30:06.283185Z'],
  ],
  duration: [
    ...['P1D', 'PT1H', 'P1W', 'P1Y2M3DT4H5M6S', 'P0D', 'P1M', 'PT1M', 'PT36H', 'P1Y', 'P1DT1S'],
    ...['P', 'PT', 'P1DT', 'P1W1D', 'P1.5D', 'PT1H1S', 'P1Y1D', 'p1d', 'P1Y2W', 'PT1S1M', '1D', 'P-1D'],
  ],
  email: [
    ...['a@b.c', 'a.b@example.com', '.a@b.c', 'a.@b.c', 'a..b@c.d', '"a b"@c.d', '"a\\"b"@c.d', '""@c.d'],
    ...['a@[127.0.0.1]', 'a@[IPv6:::1]', 'a@[IPv6:::ffff:1.2.3.4]', 'a@[ipv6:::1]', 'a@[IPv6:1::2::3]'],
    ...['a@[foo:bar]', 'a@[256.1.1.1]', 'a@-b.c', 'a@b-.c', 'a@b..c', 'a@b.c.', `${'a'.repeat(64)}@b.c`],
    ...[`${'a'.repeat(65)}@b.c`, `a@${label63}.c`, `a@${label64}.c`, 'é@b.c', 'a@é.c', 'a@xn--bcher-kva.de'],
    ...['a@xn--X.de', 'a@localhost', 'a@1.2.3.4', '@b.c', 'a@', 'a@b@c.d', 'A@B.C', 'a+b@c.d', 'a b@c.d'],
  ],
  'idn-email': [
    ...['é@b.c', 'a@é.c', '실례@실례.테스트', 'a@xn--bcher-kva.de', 'a@-.c', 'ä@[127.0.0.1]', 'a@b.c', '"é"@b.c'],
    ...['a@ß.de', 'a@Ä.de', 'a@bücher.de.', 'a@a。b', '.é@b.c', `${'a'.repeat(62)}é@b.c`, `${'a'.repeat(63)}é@b.c`],
    ...[`a@${uLabel63}.de`, `a@${uLabel64}.de`, 'a@xn--X.de', 'a@[foo:bar]', 'ü@ü', 'a@\u0640.de', 'a@ᏣᎳᎩ.c'],
  ],
  hostname: HOSTS,
  'idn-hostname': [
    ...HOSTS,
    ...['bücher.de', 'BÜCHER.de', 'ß.de', 'a。b', 'a．b', 'a.b。', 'ab--cd', 'a\u200Db', 'क्\u200Dष', 'l·l', 'a·l'],
    ...['٠۰', 'א1', 'אב', 'a\u05D0', uLabel63, uLabel64, `${uLabel63}.de`, '\u3002', 'xn--ihqwcrb4cv8a8dqg056pqjye'],
    ...['\u0303a', 'a\u3002', '-ü', 'ü-', 'ü--ü', 'ᏣᎳᎩ', 'xn--f9dt7l', '\u0628\u200C\u0870', '\u08BE\u200C\u0628'],
  ],
  ipv4: [
    ...['1.2.3.4', '0.0.0.0', '255.255.255.255', '256.1.1.1', '01.2.3.4', '1.2.3.04', '00.0.0.0', '1.2.3'],
    ...['1.2.3.4.5', '1.2.3.4 ', '١.2.3.4', '0x7f.0.0.1', '1.2.3.4\n', '127.0.0.1/8', '1..2.3'],
  ],
  ipv6: [
    ...['::1', '::', '1::', '1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7::', '::ffff:1.2.3.4'],
    ...['::ffff:01.2.3.4', '1::2::3', 'fe80::1%eth0', 'fe80::1%25eth0', '12345::', ':1::', '1:2:3:4:5:6:1.2.3.4'],
    ...['1:2:3:4:5:6:7:1.2.3.4', '::1.2.3.4', 'FFFF::', ' ::1', '1:2:3:4:5:6:7:8:', '::ffff:256.1.1.1'],
    ...['1:2:3:4:5::1.2.3.4', '1:2:3:4:5:6::1.2.3.4', '::ffff:1.2.3', '[::1]', '::1\n', '1:2:3:4::5:6:7:8'],
  ],
  uri: [
    ...['http://a.b/c', 'urn:isbn:0451450523', 'a:', 'http://[::1]/', 'http://[fe80::1%25eth0]/', 'http://[v1.x]/'],
    ...['http://a b', '//a/b', '/a', 'http://a/%zz', 'http://a/%41', 'http://ü.de', 'http://a:80/', 'http://a:p/'],
    ...['http://user@host', 'http://[1::2]:80', 'a:b:c', '1a:b', 'http://a/b?c#d', 'http://a/b#c#d', 'http://a/\\'],
    ...['mailto:a@b.c', 'HTTP://A', 'http://[::1', 'http://a/{x}', 'http://a@b@c/', 'http://[::1]x/', 'a+b-c.d:e'],
    ...['http://%41/', 'http://a/b c', 'http://a/"', 'http://[::ffff:1.2.3.4]/', 'http://[1:2:3:4:5:6:7:8:9]/'],
  ],
  'uri-reference': [
    ...['', '#', '#f', '/a', 'a', 'a:b', './a:b', 'a:b/c', '%', '//a', '\\\\WINDOWS', '#a#b', '?q', 'ü'],
    ...['//[::1]', '//a:b:c', '#%', 'a b', '//@', '..', '//a/b?c#d', '[', ':a'],
  ],
  iri: [
    ...['http://ü.de/ä', 'http://[::1]/é', 'http://a/\u{E000}', 'http://a/?\u{E000}', 'http://a b', 'ü:x'],
    ...['http://a/\u{FFFE}', 'http://a.b/c', '//ä', 'http://a/#\u{E000}', 'http://a/😀', 'http://[é]/'],
  ],
  'iri-reference': [
    ...['ä', '#ä', '//ä/ö', '\\\\x', '%', '', 'ä:b', '/\u{E000}', '?\u{E000}', 'a b', '\u{FDD0}', '//[::1]/é'],
  ],
  'uri-template': [
    ...['http://a/{x}', '{+x}', '{x,y}', '{x:3}', '{x*}', '{x:0}', '{x:10000}', '{x:9999}', '{', '}', '{}'],
    ...['{x', '{#x}', '{=x}', '{.x.y}', '{x.}', '{$x}', 'a b', "{x}'", '%2', '%20', '{%20}', '{x-y}', '{x,}'],
    ...['{/x*,y:2}', '{?x,y}', '{x}{y}', '{{x}}', '{;x}', 'ü{x}', '"', '<', '\\'],
  ],
  'json-pointer': [
    ...['', '/', '/a', '/a~0b', '/a~1b', '/a~2', '/~', 'a', '/a/', '//', '#/a', '/é', '/a~', '~0', '/0'],
  ],
  'relative-json-pointer': [
    ...['0', '1/a', '0#', '0+1', '0-1/a', '0+0', '01', '-1', '1#/a', '#', '0/#', '0+1#', '', '1a', '+1'],
    ...['0/a~1b', '0+01', '0+', '2+962', '10/a'],
  ],
  regex: [
    ...['^a', '[', '(?<n>a)', '\\p{L}', '\\d', 'a{2,1}', '(?i)a', '\\', '[a-', 'a**', '\\1', '(?<=a)b'],
    ...['\\cA', '\\u{1F600}', '\\q', '[\\d-z]', '\\-', '(?<a>x)\\k<a>', '\\k<a>', 'a{1', '\\p{Foo}', ']'],
    ...['(?:a)', '\\Z', '[\\b]', '\\/', 'a{,2}', '(?<n>a)(?<n>b)', '\\P{Lu}', '{', '}', '[^]', '\\u00'],
  ],
  uuid: [
    ...['123e4567-e89b-12d3-a456-426614174000', '2EB8AA08-AA98-11EA-B4AA-73B441D16380'],
    ...['00000000-0000-0000-0000-000000000000', '123e4567e89b12d3a456426614174000'],
    ...['123e4567-e89b-12d3-a456-42661417400', '{123e4567-e89b-12d3-a456-426614174000}'],
    ...['urn:uuid:123e4567-e89b-12d3-a456-426614174000', 'g23e4567-e89b-12d3-a456-426614174000'],
    ...['123e4567-e89b-12d3-a456_426614174000', '123e4567-e89b-12d3-a4564-26614174000'],
  ],
};

const ALL = Object.keys(FORMAT_SAMPLES);

/** The formats a generated schema of the dialect may name: those both engines assert in it. */
export const FORMATS: Readonly<Record<Dialect, readonly string[]>> = {
  '2020-12': ALL,
  '2019-09': ALL,
  'draft-07': ALL.filter((f) => f !== 'duration' && f !== 'uuid'),
};
