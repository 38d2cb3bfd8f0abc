// Values that must never be printed (`--env` values, `KEY=VALUE` words), masked in every form they take in
// text toolgate shows: as they are, inside a JSON string (escaped once, or twice when JSON text is itself put
// in a JSON string, as a report does with a server's message), with non-ASCII escaped as \uXXXX (Python's
// json.dumps) or `/` as `\/`, and single-quoted for a shell. A value with `"` or `\` has no raw occurrence
// in JSON output, so masking the raw form alone would show it.

/** What replaces a value that is never printed. */
export const REDACTED = '<redacted>';

/** Values shorter than this are left alone: masking every `1` or `on` would garble text and hide nothing. */
export const MIN_SECRET_LENGTH = 4;

/** The inside of a JSON string for `value` (JSON.stringify without the quotes). */
function jsonInside(value: string): string {
  return JSON.stringify(value).slice(1, -1);
}

/** JSON string content with every non-ASCII character as \uXXXX (a surrogate pair as two). */
function asciiJson(value: string, upper: boolean): string {
  return jsonInside(value).replace(/[\u0080-\uffff]/g, (c) => {
    const hex = (c.codePointAt(0) ?? 0).toString(16).padStart(4, '0');
    return `\\u${upper ? hex.toUpperCase() : hex}`;
  });
}

/** Every form of `value` masked, longest first, each at least MIN_SECRET_LENGTH long. */
export function secretForms(value: string): string[] {
  if (value.length < MIN_SECRET_LENGTH) return [];
  const once = jsonInside(value);
  const forms = [
    value,
    once,
    jsonInside(once),
    asciiJson(value, false),
    asciiJson(value, true),
    once.replace(/\//g, '\\/'),
    value.replace(/'/g, `'\\''`),
  ];
  return [...new Set(forms)].sort((a, b) => b.length - a.length);
}

/** `text` with every form of every secret masked. */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  const forms = [...new Set(secrets.flatMap(secretForms))].sort((a, b) => b.length - a.length);
  let out = text;
  for (const f of forms) if (out.includes(f)) out = out.split(f).join(REDACTED);
  return out;
}
