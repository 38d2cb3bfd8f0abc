// Server-Sent Events as the Streamable HTTP transport uses them (HTML Living Standard, "Server-sent events",
// event stream interpretation): the `data` lines of one event joined by newlines make one JSON-RPC message's
// text. `id` (once its event is dispatched) and `retry` are handed to `onField`, so that a stream the server closed
// mid-request can be resumed.

/**
 * An id handed on: at most 1,024 characters of visible ASCII (none, too: the spec's reset). It is kept and echoed
 * as `Last-Event-ID`, where node:http refuses control and non-ASCII characters; a hunt's find: 60 MiB ids, kept
 * uncharged after their line ended, took a proxy past its heap in 9 calls. Any other id is handed on as a reset
 * (UNHELD_ID): the spec makes it the last event id, so resuming from the one before it would ask the server to
 * replay from the wrong event (seen events again, or an answer lost).
 */
const PLAIN_ID = /^[\x21-\x7e]{0,1024}$/;

/** What an id toolgate cannot hold is handed on as: the spec's reset, so no stale id is resumed from. */
const UNHELD_ID = '';

/** The id an `id` field's value makes: the spec ignores one holding NUL (the event's id stays what it was). */
const idOf = (value: string, before: string | undefined): string | undefined =>
  value.includes('\0') ? before : PLAIN_ID.test(value) ? value : UNHELD_ID;

/** What a data line holds besides its value: `data: ` and its end. */
const LINE_SLACK = 'data: '.length + 1;
/** What ends a line (a CR alone too). */
const LINE_END = /[\r\n]/;
/**
 * Data lines of one event kept apart before they are joined into one string: each kept apart costs V8 a string and
 * an array slot (about 32 bytes), which the bound, counting the data's bytes, does not see. A hunt's event of 21
 * million 2-byte lines, 63 MiB by the bound, held the heap past its 4 GiB limit and aborted the proxy.
 */
const JOIN_RUN = 1024;

/**
 * Reads an event stream chunk by chunk; each event's data is handed over whole, or `oversized` when it is over
 * `maxEventBytes` bytes of UTF-8, as a JSON body is bound (its lines and the newlines that join them); each `retry`
 * field and each `id` (PLAIN_ID; any other but one holding NUL as a reset, UNHELD_ID), once its event is dispatched,
 * to `onField`. A line
 * not yet ended is let go once it is longer than any data line of an event within the bound can be (LINE_SLACK), so
 * where the chunks split never changes a verdict.
 */
export function createSseReader(
  maxEventBytes: number,
  onEvent: (data: string) => void,
  oversized: () => void,
  onField: (field: 'id' | 'retry', value: string) => void = () => undefined,
): { push(text: string): void; held(): number } {
  /** The event's data lines not yet joined, and the runs of JOIN_RUN lines joined before them. */
  let data: string[] = [];
  let runs: string[] = [];
  let size = 0;
  let skipping = false;
  /** Whether the event's type is the default, `message`: its text is not kept (a hunt's find, as PLAIN_ID's). */
  let message = true;
  // In UTF-16 units, never more than the line's bytes: a line under this may still be over the bound.
  const longest = maxEventBytes + LINE_SLACK;
  const tooLong = (): void => {
    if (skipping) return;
    skipping = true;
    data = [];
    runs = [];
    oversized();
  };
  /**
   * The event's id, handed on when the event is dispatched (HTML, "Server-sent events": the last event ID is set at
   * dispatch): an event a closed connection ended in the middle of never came, and a stream resumed after its id
   * would never send it (a review's find: an answer cut mid-event was lost to its --timeout).
   */
  let id: string | undefined;
  const dispatch = (): void => {
    if (id !== undefined) onField('id', id);
    id = undefined;
    const lines = runs.length === 0 ? data : [...runs, ...data];
    if (!skipping && lines.length > 0 && message) onEvent(lines.join('\n'));
    data = [];
    runs = [];
    size = 0;
    skipping = false;
    message = true;
  };
  const line = (text: string): void => {
    if (text === '') {
      dispatch();
      return;
    }
    if (text.startsWith(':')) return;
    // Any other line past the longest one an event within the bound can hold makes its event oversized, read
    // whole or in pieces alike (in pieces, its text is not kept: see `hold`).
    if (text.length > longest) {
      // An id line too long for an event is a reset, NUL or not, as one dropped unread in pieces is (`hold`): how
      // the server cut its bytes must not decide whether a stale id is resumed from (a review's find).
      if (text.startsWith('id:')) id = UNHELD_ID;
      tooLong();
      return;
    }
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    // An empty type is the default (HTML, "Server-sent events", dispatching: an empty type buffer is `message`).
    if (field === 'event') message = value === '' || value === 'message';
    else if (field === 'retry') onField(field, value);
    else if (field === 'id') id = idOf(value, id);
    else if (field === 'data' && !skipping) {
      // Bytes, not UTF-16 units: a message of non-ASCII text is up to three times as many bytes as units.
      const first = runs.length === 0 && data.length === 0;
      size += Buffer.byteLength(value, 'utf8') + (first ? 0 : 1);
      if (size > maxEventBytes) tooLong();
      else if (data.push(value) === JOIN_RUN) {
        runs.push(data.join('\n'));
        data = [];
      }
    }
  };
  /**
   * The line not yet ended, in the pieces it came in, joined once it ends: a string grown chunk by chunk is copied
   * whole by each search of it (one 620 KB event in 16 KB chunks took 52 ms; 10 MiB, seconds).
   */
  let held: string[] = [];
  let heldLength = 0;
  /** The line being read is longer than any line of an event within the bound: dropped up to its end. */
  let cut = false;
  /**
   * The last text ended with a CR, which ended its line at once (an event ended by a lone CR is dispatched then,
   * not when more bytes come, nor lost when none do): an LF that starts the next text is the rest of a CRLF.
   */
  let lfOwed = false;
  const hold = (text: string): void => {
    if (!cut) {
      held.push(text);
      heldLength += text.length;
      if (heldLength <= longest) return;
      cut = true;
      // An id line dropped unread is an id not held, whatever the rest of it (fail closed: no stale id resumed from).
      if (lineHead(held) === 'id:') id = UNHELD_ID;
      // A comment carries nothing: dropping it changes nothing.
      if (!held[0]?.startsWith(':')) tooLong();
    }
    held = [];
    heldLength = 0;
  };
  return {
    // What it keeps now: the event's data in bytes and the line not yet ended in UTF-16 units (at most as many).
    held: () => size + heldLength,
    push(given) {
      const text = lfOwed && given.startsWith('\n') ? given.slice(1) : given;
      if (given !== '') lfOwed = false;
      // Only the new text can end a line: what is held holds no line end.
      if (!LINE_END.test(text)) {
        if (text !== '') hold(text);
        return;
      }
      const pending = held.join('') + text;
      held = [];
      heldLength = 0;
      const re = /\r\n|\n|\r/g;
      re.lastIndex = pending.length - text.length;
      let start = 0;
      for (let m = re.exec(pending); m !== null; m = re.exec(pending)) {
        if (cut) cut = false;
        else line(pending.slice(start, m.index));
        start = m.index + m[0].length;
      }
      lfOwed = pending.endsWith('\r');
      if (start < pending.length) hold(pending.slice(start));
    },
  };
}

/** The first three characters of a line held in pieces (a piece may be one character). */
function lineHead(pieces: readonly string[]): string {
  let head = '';
  for (const p of pieces) {
    head += p.slice(0, 3 - head.length);
    if (head.length === 3) break;
  }
  return head;
}

/** What comes before and after a message's text in its SSE event. */
export const SSE_EVENT = { head: 'event: message\ndata: ', tail: '\n\n' } as const;

/** One message as an SSE event (its text has no raw newline: JSON text escapes them). */
export function sseEvent(text: string): string {
  return `${SSE_EVENT.head}${text}${SSE_EVENT.tail}`;
}
