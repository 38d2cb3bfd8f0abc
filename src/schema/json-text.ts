import { fail, ok, type Result } from '../result.js';

/**
 * A strict JSON text parser (RFC 8259) for tool-call arguments. Unlike JSON.parse it refuses what a
 * tool and a log could read differently: duplicate keys, numbers that are not exactly a float64
 * (integers beyond 2^53, overflow to Infinity), lone surrogates, a byte order mark. Iterative, so
 * nesting depth cannot overflow the stack; `maxDepth` stops a deep text before it is built.
 */
export function parseJsonText(text: string, options: { maxDepth: number }): Result<unknown> {
  let i = 0;
  const n = text.length;
  const err = (message: string): Result<unknown> => {
    const before = text.slice(0, i);
    const line = before.split('\n').length;
    const column = i - before.lastIndexOf('\n');
    return fail('validation', `arguments are not valid JSON: ${message} at line ${line} column ${column} (offset ${i})`, [
      { path: '$', pointer: '', keyword: 'json', message: `${message} at offset ${i}`, schemaPath: '' },
    ]);
  };
  const ws = (): void => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) i++;
      else break;
    }
  };
  if (text.charCodeAt(0) === 0xfeff) return err('a byte order mark is not allowed');
  ws();
  if (i >= n) return err('empty text (an empty argument text is not {})');

  type Container = { kind: 'obj'; value: Record<string, unknown>; key: string | undefined } | { kind: 'arr'; value: unknown[] };
  const stack: Container[] = [];
  let result: unknown;
  let haveResult = false;

  const parseString = (): string | Result<unknown> => {
    i++; // opening quote
    let out = '';
    let start = i;
    for (;;) {
      if (i >= n) return err('unterminated string');
      const c = text.charCodeAt(i);
      if (c === 0x22) { out += text.slice(start, i); i++; break; }
      if (c < 0x20) return err('control character in string');
      if (c >= 0xd800 && c <= 0xdbff) {
        const d = text.charCodeAt(i + 1);
        if (!(d >= 0xdc00 && d <= 0xdfff)) return err('lone surrogate in string');
        i += 2; continue;
      }
      if (c >= 0xdc00 && c <= 0xdfff) return err('lone surrogate in string');
      if (c !== 0x5c) { i++; continue; }
      out += text.slice(start, i);
      const e = text[i + 1];
      i += 2;
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          const hex = text.slice(i, i + 4);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) return err('bad \\u escape');
          const code = parseInt(hex, 16);
          i += 4;
          if (code >= 0xd800 && code <= 0xdbff) {
            const next = text.slice(i, i + 6);
            const m = /^\\u([dD][c-fC-F][0-9a-fA-F]{2})$/.exec(next);
            if (!m) return err('lone surrogate escape in string');
            out += String.fromCharCode(code, parseInt(m[1] as string, 16));
            i += 6;
          } else if (code >= 0xdc00 && code <= 0xdfff) return err('lone surrogate escape in string');
          else out += String.fromCharCode(code);
          break;
        }
        default: i -= 1; return err('bad escape in string');
      }
      start = i;
    }
    return out;
  };

  const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
  const parseNumber = (): number | Result<unknown> => {
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (!m) return err('bad number');
    const lexeme = m[0];
    const value = Number(lexeme);
    if (!Number.isFinite(value)) { return err(`number ${lexeme.slice(0, 40)} overflows a float64`); }
    if (/^-?[0-9]+$/.test(lexeme) && !Number.isSafeInteger(value)) return err(`integer ${lexeme.slice(0, 40)} cannot be represented exactly (beyond 2^53)`);
    if (value === 0 && /[1-9]/.test(lexeme.replace(/[eE].*$/, ''))) return err(`number ${lexeme.slice(0, 40)} underflows to zero`);
    i += lexeme.length;
    return value;
  };

  const attach = (value: unknown): Result<unknown> | undefined => {
    const top = stack[stack.length - 1];
    if (top === undefined) { result = value; haveResult = true; return undefined; }
    if (top.kind === 'arr') top.value.push(value);
    else {
      const key = top.key as string;
      if (Object.prototype.hasOwnProperty.call(top.value, key)) return err(`duplicate key ${JSON.stringify(key).slice(0, 80)}`);
      Object.defineProperty(top.value, key, { value, enumerable: true, writable: true, configurable: true });
      top.key = undefined;
    }
    return undefined;
  };

  // expect: 'value' | 'key' | 'after'
  let expect: 'value' | 'key-or-end' | 'key' | 'after' | 'value-or-end' = 'value';
  for (;;) {
    ws();
    if (expect === 'after') {
      const top = stack[stack.length - 1];
      if (top === undefined) break;
      const c = text[i];
      if (c === ',') { i++; expect = top.kind === 'obj' ? 'key' : 'value'; continue; }
      if ((c === '}' && top.kind === 'obj') || (c === ']' && top.kind === 'arr')) {
        i++; stack.pop();
        const e = attach(top.value); if (e) return e;
        expect = 'after'; continue;
      }
      return err(i >= n ? 'unexpected end of text' : `unexpected character ${JSON.stringify(c)}`);
    }
    if (expect === 'key' || expect === 'key-or-end') {
      if (expect === 'key-or-end' && text[i] === '}') {
        i++; const top = stack.pop() as Container;
        const e = attach(top.value); if (e) return e;
        expect = 'after'; continue;
      }
      if (text[i] !== '"') return err(i >= n ? 'unexpected end of text' : 'expected a property name in double quotes');
      const key = parseString();
      if (typeof key !== 'string') return key;
      ws();
      if (text[i] !== ':') return err('expected ":"');
      i++;
      (stack[stack.length - 1] as { key: string | undefined }).key = key;
      expect = 'value'; continue;
    }
    // a value
    if (expect === 'value-or-end' && text[i] === ']') {
      i++; const top = stack.pop() as Container;
      const e = attach(top.value); if (e) return e;
      expect = 'after'; continue;
    }
    const c = text[i];
    if (c === '{' || c === '[') {
      if (stack.length >= options.maxDepth) {
        // Refused before the container is built: a 100,000-deep text costs one pass up to here.
        const message = `limit maxArgumentDepth exceeded: limit ${options.maxDepth}, seen at least ${options.maxDepth + 1} levels at offset ${i}`;
        return fail('execution_failure', message, [{ path: '$', pointer: '', keyword: 'maxArgumentDepth', message, schemaPath: '' }]);
      }
      i++;
      if (c === '{') { stack.push({ kind: 'obj', value: {}, key: undefined }); expect = 'key-or-end'; }
      else { stack.push({ kind: 'arr', value: [] }); expect = 'value-or-end'; }
      continue;
    }
    let value: unknown;
    if (c === '"') { const s = parseString(); if (typeof s !== 'string') return s; value = s; }
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) { const v = parseNumber(); if (typeof v !== 'number') return v; value = v; }
    else if (text.startsWith('true', i)) { i += 4; value = true; }
    else if (text.startsWith('false', i)) { i += 5; value = false; }
    else if (text.startsWith('null', i)) { i += 4; value = null; }
    else return err(i >= n ? 'unexpected end of text' : `unexpected character ${JSON.stringify(c)}`);
    const e = attach(value); if (e) return e;
    expect = 'after';
  }
  ws();
  if (!haveResult) return err('empty text');
  if (i < n) return err('unexpected text after the JSON value');
  return ok(result);
}
