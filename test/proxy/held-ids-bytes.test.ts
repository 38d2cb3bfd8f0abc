// What a session remembers of strings a peer chose is bounded in size, not in count alone (src/proxy/held-ids.ts;
// a hunt's find: 1,000 task ids or URL elicitation ids of 3-5 MB each, 100 tasks/list cursors of up to 4 MiB, 256
// client progress tokens of any size, took a session past 500 MB). One longer than 1,024 characters is not kept, so
// what names it later is not matched (fail closed), and each list keeps 131,072 characters at most in all.
import { describe, expect, it } from 'vitest';
import { Belonging } from '../../src/proxy/belonging.js';
import { TaskCursors } from '../../src/proxy/task-list.js';
import { TaskTools } from '../../src/proxy/tasks.js';
import { URL_ELICITATION_REQUIRED, UrlElicitations } from '../../src/proxy/url-elicitations.js';

const LONGEST = 1024;
const TOTAL = 131_072;

/** One session list: a fresh one, and how a string is offered to it; the offer says whether it is matched later. */
interface Holder {
  /** Offers `text`; a check that says whether what names it later is matched. */
  readonly offer: (text: string) => () => boolean;
  /** Its bound in count. */
  readonly most: number;
}

const tasks = (): Holder => {
  const held = new TaskTools();
  return {
    offer: (id) => {
      held.add(id, 'job', undefined);
      return () => held.owns(id);
    },
    most: 1000,
  };
};

const elicitations = (): Holder => {
  const held = new UrlElicitations();
  return {
    offer: (elicitationId) => {
      const data = { elicitations: [{ mode: 'url', elicitationId, url: 'https://example.com', message: 'm' }] };
      held.answered({ code: URL_ELICITATION_REQUIRED, message: 'go', data });
      return () => held.opened({ elicitationId });
    },
    most: 1000,
  };
};

const cursors = (): Holder => {
  const held = new TaskCursors();
  return {
    offer: (cursor) => {
      const mine = held.give(cursor);
      return () => mine !== undefined && held.take(mine) === cursor;
    },
    most: 100,
  };
};

const progressTokens = (): Holder => {
  const held = new Belonging();
  let n = 0;
  return {
    offer: (progressToken) => {
      const params = { name: 'job', _meta: { progressToken } };
      const opening = held.prepare(params);
      const entry = held.open(++n, n, opening, params);
      held.close(entry);
      held.outlive(entry);
      const progress = { progressToken: JSON.parse(opening.token as string) as unknown, progress: 1 };
      return () => {
        const shown = held.progressFor(
          { jsonrpc: '2.0', method: 'notifications/progress', params: progress },
          undefined,
        );
        return (shown as { progressToken?: unknown } | undefined)?.progressToken === progressToken;
      };
    },
    most: 256,
  };
};

const HOLDERS: readonly (readonly [string, () => Holder])[] = [
  ["a server's task ids (tasks.ts)", tasks],
  ["a server's URL elicitation ids (url-elicitations.ts)", elicitations],
  ["a server's tasks/list cursors (task-list.ts)", cursors],
  ["a client's progress tokens of tasks (belonging.ts)", progressTokens],
];

describe.each(HOLDERS)('%s', (_, make) => {
  it.each([
    ['a UUID', true, '0f8fad5b-d9cb-469f-a165-70867728950e'],
    ['1,024 characters', true, 'a'.repeat(LONGEST)],
    ['1,025 characters', false, 'b'.repeat(LONGEST + 1)],
    ['5 MB', false, 'c'.repeat(5_000_000)],
  ])('%s: matched later: %s', (_, kept, text) => {
    expect(make().offer(text)()).toBe(kept);
  });

  it(`keeps ${TOTAL} characters at most in all, the newest kept`, () => {
    const holder = make();
    const matched = Array.from({ length: holder.most }, (_, i) => holder.offer(String(i).padEnd(LONGEST, '.')));
    const kept = matched.filter((m) => m()).length;
    expect(kept).toBe(Math.min(holder.most, TOTAL / LONGEST));
    expect((matched.at(-1) as () => boolean)()).toBe(true);
  });
});
