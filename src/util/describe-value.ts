/**
 * Showing a foreign value inside a message: a tool name, a schema value, an option. A message is
 * read by a model or a person, so a value is cut short (a huge one cannot flood it) and quoted (a
 * newline or quote inside a string cannot pose as message structure); a caller's object is named
 * by its type only, since reading it could run its code.
 */

/** Cuts a foreign text to at most `max` characters, so a huge value cannot flood a message or the model's context. */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, Math.max(0, max - 1))}…` : text;
}

/**
 * Quotes a value as JSON (a string gets its quotes and escapes, so a newline or a quote inside it
 * cannot pose as message structure), cut to `max` characters. Never throws: a value JSON cannot
 * write (a cycle, a BigInt, a throwing toJSON) is named by its type. Only for values toolgate owns
 * (private schema copies, Ajv's params): JSON.stringify runs a caller object's getters and toJSON.
 */
export function quote(value: unknown, max = 80): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(typeof value);
  } catch {
    text = typeof value;
  }
  return clip(text, max);
}

/**
 * Names a caller's value without running any of its code: a primitive as JSON (cut to `max`), any
 * other value (an object, a Proxy, a function) by its type only, since JSON.stringify would run its
 * getters, its toJSON or a Proxy's traps.
 */
export function describeValue(value: unknown, max = 80): string {
  switch (typeof value) {
    case 'string':
      return quote(value, max);
    case 'number':
    case 'boolean':
      return String(value);
    case 'bigint':
      return `${String(value)}n`;
    case 'undefined':
      return 'undefined';
    case 'symbol':
      return 'a symbol';
    case 'function':
      return 'a function';
    default:
      return value === null ? 'null' : 'an object';
  }
}

/**
 * Echo of a value from a private schema copy, at most 200 characters: a string as is, anything else
 * as JSON, so a hostile value cannot flood the message.
 */
export function echo(value: unknown): string {
  return typeof value === 'string' ? clip(value, 200) : quote(value, 200);
}
