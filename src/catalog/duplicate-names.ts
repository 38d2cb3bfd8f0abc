// Duplicate tool names in a batch: the server means one tool by a name, and which one is unknown, so a repeated name
// is a problem of the batch (admission.ts), whatever the mode; under `leave-out` every tool of the name is left out.
import { quote } from '../util/describe-value.js';
import { identify } from './descriptor.js';
import { diagnosticOf, type Diagnostic } from './diagnostics.js';

/**
 * Every occurrence of a name after its first is a batch problem, in either mode. With `all`, the first
 * occurrence gets one too: a tool that leaves duplicates out must not keep one of them, since which
 * one the server means is unknown.
 */
export function duplicateDiagnostics(descriptors: readonly unknown[], all: boolean): Diagnostic[] {
  const first = new Map<string, number>();
  const out: Diagnostic[] = [];
  const duplicate = (d: unknown, i: number, other: number): Diagnostic => {
    const message = `duplicate tool name ${quote(identify(d).name)}: also descriptor #${other}`;
    return diagnosticOf(d, i, 'descriptor', {
      class: 'validation',
      message,
      violations: [
        { path: '$', pointer: '', keyword: 'name', message, schemaPath: '/name', code: 'duplicate_name', params: {} },
      ],
    });
  };
  const firstReported = new Set<number>();
  descriptors.forEach((d, i) => {
    const { name } = identify(d);
    if (name === '') return;
    const seen = first.get(name);
    if (seen === undefined) first.set(name, i);
    else {
      out.push(duplicate(d, i, seen));
      if (all && !firstReported.has(seen)) {
        firstReported.add(seen);
        out.push(duplicate(descriptors[seen], seen, i));
      }
    }
  });
  return out;
}
