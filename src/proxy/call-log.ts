// `--log`: one JSON line per tools/call, every secret masked. A log that cannot be written does not take the
// proxy down; that is said once on stderr.
import { escapedJson } from '../util/hidden-text.js';
import { appendFileSync } from 'node:fs';
import { createMasker } from '../exec/mask-secrets.js';
import type { ProxySettings } from './settings.js';
import type { CallRecord } from './session.js';

/** The call recorder of `settings` (nothing without --log); `say` takes a stderr line. */
export function callLogger(settings: ProxySettings, say: (line: string) => void): (record: CallRecord) => void {
  let broken = false;
  const masker = createMasker(settings.secrets);
  return (record) => {
    if (settings.log === undefined || broken) return;
    // Masked value by value: as plain text, a value that spans JSON syntax (`a","b`) would take members away.
    const line = escapedJson(masker.json(JSON.stringify({ time: new Date().toISOString(), ...record })));
    try {
      appendFileSync(settings.log, `${line}\n`);
    } catch {
      broken = true;
      say(`--log: cannot append to ${JSON.stringify(settings.log)}`);
    }
  };
}
