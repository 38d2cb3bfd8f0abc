// What one `--grants` client sees of the published tools: only those its grant names. The rest are left out of
// the view itself (its tools and output schemas), so its tools/list does not show them and a call to one takes
// the path of a name never listed (calls.ts: -32602 "unknown tool"), answered with the same bytes. A
// tools/list_changed reaches the client only when its view changed: a change outside it would tell it that
// something it cannot see exists, and when it changes.
import { sameResult } from '../mcp/channel.js';
import { type Published, toolsListText } from './published.js';

/** The view of `published` through `visible`, made once per admission (a re-admission makes a new one). */
export function grantedView(visible: (name: string) => boolean): (published: Published) => Published {
  let from: Published | undefined;
  let view: Published | undefined;
  return (published) => {
    if (published === from && view !== undefined) return view;
    from = published;
    view = {
      ...published,
      tools: new Map([...published.tools].filter(([name]) => visible(name))),
      outputs: new Map([...published.outputs].filter(([name]) => visible(name))),
      unusable: new Map([...(published.unusable ?? [])].filter(([name]) => visible(name))),
    };
    return view;
  };
}

/**
 * Whether two views show different tools (names, order or definitions): what a tools/list would show, as the text
 * each admission makes once for its tools/list (a 2,000-tool catalog is about 700 KB: serialized again for each
 * comparison, that held the loop 9-16 ms per re-admission and session). An admission shared unchanged is the
 * same object.
 */
export function viewChanged(before: Published, after: Published): boolean {
  return before !== after && !sameResult(toolsListText(before), toolsListText(after));
}
