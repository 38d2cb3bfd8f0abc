// Prints `check` results: text (one line per tool, its violations with schema locations, a summary line;
// colour only on a terminal) or one JSON report for CI annotations. An input that could not be read is an entry
// of the report like a catalog, with its error instead of tools.
import type { Violation } from '../result.js';
import { clip, oneLine, printable, shownPlace } from '../util/describe-value.js';
import { countAdvice, type AdvisedCatalog, type AdvisedVerdict } from './check-advice.js';
import type { CheckSettings } from './check-options.js';
import { countVerdicts, type ToolVerdict } from './check-verdicts.js';
import { shownFile, type InputProblem } from './io.js';
import { reportJson } from './report-json.js';

/** The settings a report states, so a CI log says what was checked. */
export type ReportSettings = Pick<CheckSettings, 'mode' | 'dialects' | 'provider' | 'providerPolicy'>;

/** A catalog that was checked, with the dialects it was admitted under. */
export interface CheckedCatalog extends AdvisedCatalog {
  readonly dialects: readonly string[];
  readonly problem?: undefined;
}

/** An input that could not be read or is not a catalog. */
export interface UnreadInput {
  readonly source: string;
  readonly problem: InputProblem;
}

/** One entry of the report, in the order the inputs were given. */
export type ReportEntry = CheckedCatalog | UnreadInput;

const checkedOf = (entries: readonly ReportEntry[]): CheckedCatalog[] =>
  entries.filter((e): e is CheckedCatalog => e.problem === undefined);

const COLOURS = { accepted: 32, quarantined: 33, rejected: 31, 'passed-unadmitted': 36, withheld: 33 } as const;

/** The text label of each verdict; a passing tool of a failed batch must not read as accepted. */
const LABELS = {
  accepted: 'accepted',
  quarantined: 'quarantined',
  rejected: 'rejected',
  'passed-unadmitted': 'ok (batch not admitted)',
  withheld: 'withheld',
} as const;

function paint(colour: boolean, code: number, text: string): string {
  return colour ? `\u001b[${code}m${text}\u001b[0m` : text;
}

/** Where a violation lives: inside the tool's input or output schema, another document, or the descriptor's fields. */
export function locationOf(v: Violation, t: Pick<ToolVerdict, 'stage' | 'member'>): string {
  const at = v.schemaPath;
  if (t.stage === 'descriptor') return `descriptor#${at}`;
  return at === '' || at.startsWith('/') ? `${t.member ?? 'inputSchema'}#${at}` : at;
}

/** A message on one line, its control characters written out (a server's text may hold a terminal's escapes). */
function printableLine(text: string): string {
  return printable(oneLine(text));
}

/**
 * A location as a text line shows it: its keys are the server's (a key may hold a newline or a terminal's escapes,
 * and be 100,000 characters long), so written out and clipped as a message is. The JSON report cuts it at 4,096.
 */
function shownLocation(location: string): string {
  return printableLine(shownPlace(location));
}

/** Where a lint warning or provider finding points: always inside the tool's input schema. */
function inSchema(schemaPath: string): string {
  return `inputSchema#${schemaPath}`;
}

/** The advice lines of one accepted tool: lint warnings, then provider findings, each at its schema location. */
function adviceLines(t: AdvisedVerdict, colour: boolean): string[] {
  const lines: string[] = [];
  for (const w of t.warnings ?? [])
    lines.push(
      `      ${paint(colour, 33, 'warning')} ${w.rule}  ` +
        `${shownLocation(inSchema(w.schemaPath))}: ${printableLine(w.message)}`,
    );
  for (const f of t.findings ?? [])
    lines.push(
      `      ${paint(colour, 35, `${f.provider} ${f.effect}`)} ` +
        `${f.rule}  ${shownLocation(inSchema(f.schemaPath))}: ${printableLine(f.message)}`,
    );
  return lines;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The text report. */
export function textReport(entries: readonly ReportEntry[], settings: ReportSettings, colour: boolean): string {
  const lines: string[] = [];
  for (const c of entries) {
    if (c.problem !== undefined) {
      // The message names the source itself.
      lines.push(`${paint(colour, 31, 'not checked')}: ${printableLine(c.problem.message)}`);
      continue;
    }
    // The source is a file's name (a folder's listing, a glob): written out and cut, as a tool's name is.
    lines.push(
      `${shownFile(c.source)}: ${c.admitted ? paint(colour, 32, 'admitted') : paint(colour, 31, 'not admitted')}`,
    );
    for (const t of c.tools) {
      const verdict = paint(colour, COLOURS[t.verdict], LABELS[t.verdict].padEnd(11));
      // With violations the message repeats the first of them, so the class alone heads the list.
      const why =
        t.reason !== undefined
          ? // A newcomer's find: the reason alone did not say that no option publishes it.
            `  by toolgate proxy whatever its options (unusable through it): ${printableLine(t.reason)}`
          : t.error === undefined
            ? ''
            : t.error.violations.length > 0
              ? `  ${t.error.class}`
              : `  ${t.error.class}: ${printableLine(t.error.message)}`;
      // The server's name: cut, so a 100,000-character one cannot flood the report (the JSON report has it whole).
      lines.push(`  ${verdict} ${printableLine(clip(t.name, 80))}${why}`);
      for (const v of t.error?.violations ?? [])
        lines.push(`      ${shownLocation(locationOf(v, t))}: ${printableLine(v.message)}`);
      // The tool's other schema refused too (its outputSchema beside its inputSchema): its lines follow.
      for (const a of t.also ?? []) {
        if (a.error.violations.length === 0)
          lines.push(`      ${a.member ?? 'inputSchema'}: ${a.error.class}: ${printableLine(a.error.message)}`);
        for (const v of a.error.violations)
          lines.push(`      ${shownLocation(locationOf(v, a))}: ${printableLine(v.message)}`);
      }
      lines.push(...adviceLines(t, colour));
    }
    for (const e of c.batchErrors)
      lines.push(`  ${paint(colour, 31, 'batch')}       ${e.class}: ${printableLine(e.message)}`);
  }
  const catalogs = checkedOf(entries);
  const n = countVerdicts(catalogs);
  const admitted = catalogs.filter((c) => c.admitted).length;
  const advice = countAdvice(catalogs);
  const unread = entries.length - catalogs.length;
  // Advice counts are appended only when there is something to count, so a clean run reads as before.
  const lint = advice.warnings > 0 ? `; ${plural(advice.warnings, 'lint warning')}` : '';
  const provider =
    settings.provider === undefined
      ? ''
      : `; ${plural(advice.findings, `${settings.provider} finding`)} (${advice.rejects} rejects)`;
  const notRead = unread > 0 ? `; ${plural(unread, 'input')} not checked` : '';
  // Counted only when there are some, so the summary of an admitted run reads as before.
  const held = n['passed-unadmitted'] > 0 ? ` ${n['passed-unadmitted']} ${LABELS['passed-unadmitted']},` : '';
  const withheld = n.withheld > 0 ? ` ${n.withheld} withheld by toolgate proxy,` : '';
  lines.push(
    `summary: ${n.accepted} accepted,${held}${withheld} ${n.quarantined} quarantined, ${n.rejected} rejected; ` +
      `${admitted} of ${plural(catalogs.length, 'catalog')} admitted${notRead}${lint}${provider}`,
  );
  return `${lines.join('\n')}\n`;
}

/** Verdict counts under the report's camelCase keys. */
function summaryCounts(n: ReturnType<typeof countVerdicts>): Record<string, number> {
  return {
    accepted: n.accepted,
    passedUnadmitted: n['passed-unadmitted'],
    quarantined: n.quarantined,
    rejected: n.rejected,
    withheld: n.withheld,
  };
}

/** How the JSON report shows an input error: its message and, for a JSON syntax error, where. */
function inputErrorJson(p: InputProblem): Record<string, unknown> {
  return {
    kind: 'input',
    message: p.message,
    ...(p.line === undefined ? {} : { line: p.line }),
    ...(p.column === undefined ? {} : { column: p.column }),
  };
}

/** One checked catalog in the JSON report. */
function catalogJson(c: CheckedCatalog): Record<string, unknown> {
  return {
    source: c.source,
    admitted: c.admitted,
    dialects: c.dialects,
    tools: c.tools.map((t) => ({
      index: t.index,
      name: t.name,
      verdict: t.verdict,
      ...(t.reason === undefined ? {} : { reason: t.reason }),
      ...(t.error === undefined
        ? {}
        : {
            class: t.error.class,
            message: t.error.message,
            violations: t.error.violations.map((v) => ({ ...v, location: locationOf(v, t) })),
          }),
      ...(t.also === undefined
        ? {}
        : {
            also: t.also.map((a) => ({
              class: a.error.class,
              message: a.error.message,
              violations: a.error.violations.map((v) => ({ ...v, location: locationOf(v, a) })),
            })),
          }),
      ...(t.warnings === undefined
        ? {}
        : { warnings: t.warnings.map((w) => ({ ...w, location: inSchema(w.schemaPath) })) }),
      ...(t.findings === undefined
        ? {}
        : { providerFindings: t.findings.map((f) => ({ ...f, location: inSchema(f.schemaPath) })) }),
    })),
    batchErrors: c.batchErrors.map((e) => ({ class: e.class, message: e.message })),
  };
}

/**
 * The JSON report: stable field order, violations with their locations, input errors in input order; `extra`
 * (the lock's drift, with `--lock`) after everything else.
 */
export function jsonReport(
  entries: readonly ReportEntry[],
  settings: ReportSettings,
  extra: Readonly<Record<string, unknown>> = {},
): string {
  const catalogs = checkedOf(entries);
  const advice = countAdvice(catalogs);
  const report = {
    // Nothing checked is nothing admitted (fail closed).
    admitted: entries.length > 0 && entries.every((c) => c.problem === undefined && c.admitted),
    mode: settings.mode,
    dialects: settings.dialects,
    ...(settings.provider === undefined
      ? {}
      : { provider: settings.provider, providerPolicy: settings.providerPolicy }),
    summary: {
      ...summaryCounts(countVerdicts(catalogs)),
      catalogs: catalogs.length,
      admittedCatalogs: catalogs.filter((c) => c.admitted).length,
      inputErrors: entries.length - catalogs.length,
      warnings: advice.warnings,
      ...(settings.provider === undefined
        ? {}
        : { providerFindings: advice.findings, providerRejects: advice.rejects }),
    },
    catalogs: entries.map((c) =>
      c.problem === undefined
        ? catalogJson(c)
        : { source: c.source, admitted: false, error: inputErrorJson(c.problem), tools: [], batchErrors: [] },
    ),
    ...extra,
  };
  return reportJson(report);
}

/** The JSON report of a run stopped by a usage error before anything was checked. */
export function jsonUsageError(message: string): string {
  return reportJson({ admitted: false, error: { kind: 'usage', message } });
}
