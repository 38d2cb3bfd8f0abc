import { clip } from './describe-value.js';

/** Names shown in one message before the rest are counted: a listing of thousands must not flood it. */
export const MAX_LISTED_NAMES = 20;
/** Characters of one listed name: a name over this is cut, whatever its source's own rules allow. */
const MAX_NAME = 80;

/**
 * Foreign names (tool names, grants) as one comma-separated list for a message: at most MAX_LISTED_NAMES
 * names, each cut to MAX_NAME characters, then "… and N more". `(none)` for an empty list.
 */
export function listNames(names: readonly string[], format: (name: string) => string = (n) => n): string {
  if (names.length === 0) return '(none)';
  return listItems(names, (n) => format(clip(n, MAX_NAME)));
}

/** `items`, each shown by `show`, as one comma-separated list: at most `max` of them, then "… and N more". */
export function listItems<T>(items: readonly T[], show: (item: T) => string, max = MAX_LISTED_NAMES): string {
  const shown = items.slice(0, max).map((item) => show(item));
  const more = items.length - shown.length;
  return more > 0 ? `${shown.join(', ')} … and ${more} more` : shown.join(', ');
}
