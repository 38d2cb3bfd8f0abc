// A long message's text read in slices (src/util/json-slices.ts), so that other sessions are served while it is
// parsed: a 2,000-tool tools/list page is about 700 KB, and parsing it, walking it for its depth and looking for
// line breaks in one go held the event loop 20-60 ms. What is reported is what readMessage(asOneLine(text))
// reports: the same message, text, refusal or error.
import { parseJsonInSlices, type SlicedJson } from '../util/json-slices.js';
import { type TimeSlices, timeSlices } from '../util/time-slice.js';
import { type ChannelSink, lineBreaksAsSpaces, type MessageMemo, reportParsed } from './channel.js';
import { jsonValues, MAX_MESSAGE_DEPTH, noteValues } from './message-depth.js';

/** Texts at least this long are read in slices: shorter ones parse in a few milliseconds at most. */
export const SLICED_MESSAGE_CHARS = 128 * 1024;
/** Longest a slice of the parse holds the event loop, in ms. */
const SLICE_MS = 2;

/**
 * Reads `text` as readMessage(asOneLine(text)) does, in `slices`: the message is reported once it is read, and
 * not at all when `live()` is false by then (its channel closed meanwhile). `join`: wait for a read of the same
 * text under way for the same memo (`sink.known`), then recall it.
 */
export async function readMessageInSlices(
  text: string,
  sink: Pick<ChannelSink, 'message' | 'bad' | 'known'>,
  live: () => boolean = () => true,
  slices: TimeSlices = timeSlices(SLICE_MS),
  join = true,
): Promise<void> {
  const known = sink.known?.recall(text);
  if (known !== undefined) {
    sink.message(known.message, known.text);
    return;
  }
  // A session whose upstream sends a long text another session's read is parsing (50 sessions starting over one
  // new catalog) waits for that read, then recalls the page its owner's admission remembered: each parsing its own
  // copy cost the same CPU again, and the slices of all of them took turns, so every copy took longer to read and
  // more sessions came in the meantime. Once only: a text not remembered then is parsed as any other.
  const under = sink.known === undefined || !join ? undefined : underWay(sink.known);
  const other = under?.get(text);
  if (other !== undefined) {
    await other;
    // The owner's admission remembers the page in the microtasks after its read: a turn later it is there.
    await new Promise((resolve) => setImmediate(resolve));
    // Its own channel may have closed while it waited: a recalled message must not reach it.
    if (!live()) return;
    return readMessageInSlices(text, sink, live, slices, false);
  }
  const read = parse(text, slices);
  if (under !== undefined) {
    under.set(text, read);
    void read.then(() => under.delete(text));
  }
  const { parsed, values, deep } = await read;
  if (!live()) return;
  if (parsed === undefined) {
    sink.bad('parse', null);
    return;
  }
  // As asOneLine: a raw CR or LF of a JSON text is whitespace, read as a space.
  const line = parsed.lineBreaks ? lineBreaksAsSpaces(text) : text;
  const again = parsed.lineBreaks ? sink.known?.recall(line) : undefined;
  if (again !== undefined) {
    sink.message(again.message, again.text);
    return;
  }
  if (!deep && parsed.value !== null && typeof parsed.value === 'object') noteValues(parsed.value, values);
  reportParsed(parsed.value, line, deep, sink);
}

/** What one read of a text parsed it to, with its values and whether it nests too deep. */
type Read = Promise<{ parsed: SlicedJson | undefined; values: number; deep: boolean }>;

// The reads under way per memo (one per proxy), by their text.
const reads = new WeakMap<MessageMemo, Map<string, Read>>();

function underWay(memo: MessageMemo): Map<string, Read> {
  let under = reads.get(memo);
  if (under === undefined) {
    under = new Map();
    reads.set(memo, under);
  }
  return under;
}

/** Parses `text` in `slices`, each piece walked for its depth and values as it is parsed. */
function parse(text: string, slices: TimeSlices): Read {
  let values = 0;
  let deep = false;
  const count = (value: unknown, level: number, wrapped: number): void => {
    if (deep) return;
    const n = jsonValues(value, MAX_MESSAGE_DEPTH - level + 1);
    if (n < 0) deep = true;
    else values += n - wrapped;
  };
  return parseJsonInSlices(text, slices, {
    piece: (value, level) => count(value, level, 0),
    // The wrapper is one level above its items and is not a value of the message.
    pieces: (wrapper, level) => count(wrapper, level - 1, 1),
    container: (level) => {
      values++;
      if (level > MAX_MESSAGE_DEPTH) deep = true;
    },
  }).then((parsed) => {
    if (parsed === undefined || !parsed.repeatedKeys) return { parsed, values, deep };
    // A repeated key's first value was counted (and its depth judged) though the message does not hold it: the
    // message is walked whole instead, as readMessage walks it.
    const whole = jsonValues(parsed.value);
    return { parsed, values: whole, deep: whole < 0 };
  });
}
