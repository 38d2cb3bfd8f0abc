import { types } from 'node:util';
import type { Violation } from '../result.js';
import { describeValue, quote } from './describe-value.js';
import { ownField, prototypesOf } from './own-field.js';

/*
 * One declarative table per entry point: every option it reads, with what the option may hold. The entry
 * point's key list is the table's keys, and one reader refuses, the same way everywhere, an option the table
 * lacks (a misspelt one must never be silently ignored), a value of the wrong type (never silently replaced
 * by the default), and a field that is not plain data (a getter or Proxy trap never runs). A Proxy, as the
 * options or as an option's object value, is refused before anything reads it: its traps could answer each read
 * differently, and a revoked one throws on any look (Array.isArray included).
 */

/** What one option may hold: a phrase for the refusal ("a boolean") and the check. */
export interface OptionRule {
  readonly expected: string;
  readonly accepts: (value: unknown) => boolean;
  /** Whether the refusal shows the value given (an enumeration does: the value is a short name). */
  readonly showsValue?: boolean;
}

/** An entry point's table: one rule per key of its options type, none missing, none extra. */
export type OptionTable<T> = { readonly [K in keyof T & string]-?: OptionRule };

const isObject = (v: unknown): boolean => v !== null && typeof v === 'object' && !types.isProxy(v) && !Array.isArray(v);

/** A Proxy object (a function Proxy is only ever called, as any function option is). */
const isProxyObject = (v: unknown): boolean => v !== null && typeof v === 'object' && types.isProxy(v);

/** `true` or `false`. */
export const BOOLEAN: OptionRule = { expected: 'a boolean', accepts: (v) => typeof v === 'boolean' };
/** A function (a hook, a loader, a backend maker). */
export const FUNCTION: OptionRule = { expected: 'a function', accepts: (v) => typeof v === 'function' };
/** An object that is not an array (checked further by the code that reads it). */
export const OBJECT: OptionRule = { expected: 'an object', accepts: isObject };
/** Anything: the code that reads the option checks it itself (a rule of its own, with its own message). */
export const ANY: OptionRule = { expected: 'anything', accepts: () => true };

/** One of a few names. */
export function oneOf(...names: readonly string[]): OptionRule {
  const expected = names.map((n) => `'${n}'`).join(names.length === 2 ? ' or ' : ', ');
  return { expected, accepts: (v) => typeof v === 'string' && names.includes(v), showsValue: true };
}

/** An array of some of a few names, each read as own data (an accessor element is refused, never run). */
export function listOf(...names: readonly string[]): OptionRule {
  const accepts = (v: unknown): boolean => {
    if (isProxyObject(v) || !Array.isArray(v)) return false;
    const length = ownField(v, 'length').value as number;
    for (let i = 0; i < length; i++) {
      const item = ownField(v, String(i));
      if (item.accessor || typeof item.value !== 'string' || !names.includes(item.value)) return false;
    }
    return true;
  };
  return { expected: `an array of ${names.map((n) => `'${n}'`).join(', ')}`, accepts };
}

/** A rule of its own: `expected` completes "<key> must be ...". */
export function rule(expected: string, accepts: (value: unknown) => boolean): OptionRule {
  return { expected, accepts };
}

/** What reading an options object against a table gives: the values given, and every problem. */
export interface TableRead {
  /** The options given (undefined ones left out), as a fresh object with only the table's keys. */
  readonly values: Record<string, unknown>;
  /** One sentence per problem, in the caller's key order then the table's. */
  readonly problems: readonly string[];
  /** The same problems as violations (code `invalid_option`). */
  readonly violations: readonly Violation[];
}

/** Whether `rule` takes `value`; a check that throws (a host rule meeting an odd value) does not. */
function accepted(rule: OptionRule, value: unknown): boolean {
  try {
    return rule.accepts(value);
  } catch {
    return false;
  }
}

/** Names shown in an unknown option's refusal: the table's keys, enough to spot a misspelling. */
const MAX_KNOWN = 40;

/**
 * Reads a caller's options object against `table`, once, as own data (own-field.ts): every key the table
 * names (enumerable or not, as a direct read would find it) and every other own enumerable key, which is
 * refused as unknown; a key the table names found on a prototype instead is refused too. `undefined` (absent
 * options) reads as none; any other value that is not an object is refused whole. Never throws, never runs caller
 * code.
 */
export function readTable(source: unknown, table: Readonly<Record<string, OptionRule>>, prefix = ''): TableRead {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  const violations: Violation[] = [];
  const refuse = (key: string, message: string): void => {
    problems.push(message);
    violations.push({
      path: '$',
      pointer: '',
      keyword: key,
      message,
      schemaPath: '',
      code: 'invalid_option',
      params: { option: `${prefix}${key}` },
    });
  };
  if (source === undefined) return { values, problems, violations };
  const whole = prefix === '' ? 'the options' : prefix.replace(/\.$/, '');
  if (isProxyObject(source)) {
    refuse('', `${whole} must be plain data, not a Proxy`);
    return { values, problems, violations };
  }
  // Array.isArray only on an object: on a function, a revoked Proxy of one would throw (see isProxyObject).
  const array = typeof source === 'object' && source !== null && Array.isArray(source);
  if (source === null || typeof source !== 'object' || array) {
    refuse('', `${whole} must be an object, got ${array ? 'an array' : describeValue(source)}`);
    return { values, problems, violations };
  }
  // Not a Proxy: neither Object.keys nor a descriptor read below runs caller code or throws.
  const inherited = prototypesOf(source);
  if (typeof inherited === 'string') {
    refuse('', `${whole} must be plain data: ${inherited}`);
    return { values, problems, violations };
  }
  const own = Object.keys(source);
  const known = Object.keys(table);
  for (const key of own) {
    if (Object.hasOwn(table, key)) continue;
    const shown = known.length > MAX_KNOWN ? `${known.slice(0, MAX_KNOWN).join(', ')}, …` : known.join(', ');
    refuse(key, `unknown option ${quote(`${prefix}${key}`, 60)} (known: ${shown})`);
  }
  for (const key of known) {
    const f = ownField(source, key);
    const r = table[key]!;
    if (!f.present && inherited.some((p) => Object.hasOwn(p, key)))
      refuse(key, `${prefix}${key} is inherited from a prototype: give it as the options' own property`);
    else if (f.accessor) refuse(key, `"${prefix}${key}" is not a plain data property`);
    else if (!f.present || f.value === undefined) continue;
    // ANY's value is the reading code's to check; any other rule would look into a Proxy (instanceof, isArray).
    else if (r !== ANY && isProxyObject(f.value)) refuse(key, `${prefix}${key} must be plain data, not a Proxy`);
    else if (!accepted(r, f.value))
      refuse(key, `${prefix}${key} must be ${r.expected}${r.showsValue ? `, got ${describeValue(f.value)}` : ''}`);
    else Object.defineProperty(values, key, { value: f.value, enumerable: true, writable: true, configurable: true });
  }
  return { values, problems, violations };
}

/** The fields of `values` a table names: how an entry point passes the part of its options another one reads. */
export function pick(given: object, table: Readonly<Record<string, OptionRule>>): Record<string, unknown> {
  const values = given as Readonly<Record<string, unknown>>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(table))
    if (Object.hasOwn(values, key) && values[key] !== undefined)
      Object.defineProperty(out, key, { value: values[key], enumerable: true, writable: true, configurable: true });
  return out;
}
