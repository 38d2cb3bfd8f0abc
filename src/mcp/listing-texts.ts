// `check --mcp/--config` list a stdio server's tools through the MCP SDK's client, which reads each message with
// JSON.parse: a key given twice kept its last value and a number no float64 holds was rounded, so check admitted a
// tool the proxy withholds or refuses (exact-listing.ts reads each page again from its text). Here the text of each
// answer to the listing's own tools/list requests is kept as it arrived (a stdio line), beside the SDK's reading,
// so that check judges a live listing from the same texts as the proxy. (`--url` lists through the proxy's own
// client, which keeps each message's text: src/proxy/http-lister.ts.)
import { MAX_LISTING_BYTES } from '../catalog/mcp-pages.js';
import { createLineReader } from '../exec/line-reader.js';
import { givenTwice } from './exact-listing.js';
import { elementTexts, memberText } from './json-member.js';

/** The texts of the answers to a listing's tools/list requests. */
export interface ListingTexts {
  /** Notes a message the client sends (the SDK transport's `send`): the id of each tools/list request. */
  sent(message: unknown): void;
  /**
   * One message's text as it arrived: a stdio line or an SSE event's data (`single`: an array there is dropped by
   * the SDK whole), or a JSON body (a batch taken only when the SDK would take every element of it).
   */
  received(text: string, framing: 'single' | 'body'): void;
  /**
   * The answers' texts in the order their requests were sent, each checked to hold as many tools as the SDK read
   * from it (`counts`, one per page); a message naming the first that is not there or does not match.
   */
  pages(counts: readonly number[]): { ok: true; texts: string[] } | { ok: false; message: string };
  /** The length of the text kept for the `page`th tools/list answer (from 0), undefined while none is kept. */
  length(page: number): number | undefined;
}

/** The key the SDK finds a request by: `Number(id)` of a string or integer id (its RequestIdSchema). */
function keyOf(id: unknown): number | undefined {
  return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)) ? Number(id) : undefined;
}

/**
 * Records answers' texts; only while a tools/list request waits is a message's text read at all. `accepts` is the
 * SDK's own test of a message (its JSONRPCMessageSchema): one it drops is never the text kept for an id.
 */
export function listingTexts(accepts: (value: unknown) => boolean = () => true): ListingTexts {
  const asked: number[] = [];
  const answers = new Map<number, string>();
  const waiting = (): boolean => answers.size < asked.length;
  // The first answer the SDK takes for an id (a result response: an object `result`) is the one kept.
  const take = (text: string, value: unknown): void => {
    if (value === null || typeof value !== 'object') return;
    const m = value as Record<string, unknown>;
    const key = keyOf(m['id']);
    const result = m['result'];
    if (m['jsonrpc'] !== '2.0' || key === undefined || !asked.includes(key) || answers.has(key)) return;
    if (result !== null && typeof result === 'object' && !Array.isArray(result) && accepts(value))
      answers.set(key, text);
  };
  return {
    sent(message) {
      const m = message as { method?: unknown; id?: unknown } | null;
      const key = m !== null && typeof m === 'object' && m.method === 'tools/list' ? keyOf(m.id) : undefined;
      if (key !== undefined) asked.push(key);
    },
    received(text, framing) {
      if (!waiting()) return;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        return;
      }
      if (!Array.isArray(value)) take(text, value);
      // The SDK's HTTP client parses a batch body's elements in turn and drops the whole body at the first it refuses.
      else if (framing === 'body' && value.every((element) => accepts(element)))
        for (const [i, element] of elementTexts(text).entries()) take(element, value[i]);
    },
    pages(counts) {
      const texts: string[] = [];
      for (const [i, key] of asked.entries()) {
        const text = answers.get(key);
        const tools = text === undefined ? undefined : memberText(text, ['result', 'tools']);
        const read = tools?.kind === 'text' ? elementTexts(tools.text).length : undefined;
        // Which of two `result`s or `tools` the SDK read cannot be told (the proxy refuses such a page too); a count
        // that differs from the SDK's would lay one page's texts over another's tools.
        if (tools?.kind === 'duplicate')
          return {
            ok: false,
            message: givenTwice(tools.key),
          };
        if (text === undefined || read !== counts[i])
          return { ok: false, message: `the text of tools/list answer ${i + 1} could not be read as it arrived` };
        texts.push(text);
      }
      return { ok: true, texts };
    },
    length(page) {
      const key = asked[page];
      return key === undefined ? undefined : answers.get(key)?.length;
    },
  };
}

/** Hands each line of a server's stdout to `texts`, as the SDK's stdio client splits them (a CR before LF dropped). */
export function stdoutLines(texts: ListingTexts): (chunk: Buffer) => void {
  // Never stricter than the SDK it shadows (1.29 reads lines of any length, 1.30 on up to 10 MiB): a line is kept up
  // to the whole listing's bound (mcp-pages.ts), which the listing is held to anyway.
  const reader = createLineReader(MAX_LISTING_BYTES, {
    line: (text) => texts.received(text, 'single'),
    oversized: () => {},
  });
  // A 'data' listener's throw would end the command: a line that cannot be read is not kept, as the SDK drops it.
  return (chunk) => {
    try {
      reader.push(chunk);
    } catch {
      // The page's text is then missing, and pages() says so.
    }
  };
}
