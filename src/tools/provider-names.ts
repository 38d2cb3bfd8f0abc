// The names a tool is published under, per provider wire format; each provider's name rule is its module's
// (interop/providers.ts lists them). One map per registry turns `.` into `_`; a name it cannot map one-to-one,
// or one too long, is withheld from that format. `mcp` takes MCP's own names as they are.
import { nameRuleOf, PROVIDER_FORMATS } from '../interop/providers.js';
import { byCodeUnits } from '../util/code-unit-order.js';
import { clip } from '../util/describe-value.js';
import { listNames, MAX_LISTED_NAMES } from '../util/name-list.js';
import type { ProviderFormat } from './tool-result.js';

/** Longest name each format takes. */
const MAX_LENGTH: Readonly<Record<ProviderFormat, number>> = Object.fromEntries(
  PROVIDER_FORMATS.map((format) => [format, nameRuleOf(format).maxLength]),
) as Record<ProviderFormat, number>;

/** Why a tool is not published to one format under any name. */
export interface WithheldName {
  readonly format: ProviderFormat;
  readonly reason: string;
}

/** A registry's provider names: each dotted name's mapped name, and what is withheld where. */
export interface ProviderNameMap {
  /** Mapped name -> the tool's own name (only for names that contain a dot and map one-to-one). */
  readonly toOwn: ReadonlyMap<string, string>;
  /** Own name -> mapped name. */
  readonly mapped: ReadonlyMap<string, string>;
  /** Own name -> the formats it is withheld from, with the reason, in format order. */
  readonly withheld: ReadonlyMap<string, readonly WithheldName[]>;
}

/** The mapped form of a name: every `.` becomes `_` (the only MCP character providers refuse). */
export function mappedName(name: string): string {
  return name.replaceAll('.', '_');
}

/** The formats a name can be withheld from: every one but `mcp`, whose names are the tools' own. */
const FORMATS: readonly ProviderFormat[] = PROVIDER_FORMATS.filter((format) => format !== 'mcp');

/**
 * The map for a set of names. A real name keeps itself; a dotted name whose mapped name is a real
 * name, or the mapped name of another dotted name, is withheld from the providers (which tool the model
 * meant would be unknown). The result depends on the set only, not its order.
 */
export function providerNameMap(names: Iterable<string>): ProviderNameMap {
  const own = new Set(names);
  const sorted = [...own].sort(byCodeUnits);
  const claims = new Map<string, string[]>();
  for (const name of sorted) {
    if (!name.includes('.')) continue;
    const m = mappedName(name);
    const claimed = claims.get(m);
    if (claimed === undefined) claims.set(m, [name]);
    else claimed.push(name);
  }
  const toOwn = new Map<string, string>();
  const mapped = new Map<string, string>();
  const withheld = new Map<string, WithheldName[]>();
  const withhold = (name: string, reason: (format: ProviderFormat) => string | undefined): void => {
    const list = FORMATS.flatMap((format) => {
      const r = reason(format);
      return r === undefined ? [] : [{ format, reason: r }];
    });
    if (list.length > 0) withheld.set(name, list);
  };
  for (const name of sorted) {
    const m = mappedName(name);
    const shownM = clip(m, 80);
    const clash = own.has(m) && m !== name ? `its provider name "${shownM}" is the name of another tool` : undefined;
    const shared = name.includes('.') ? sharedBy(name, claims.get(m) ?? []) : undefined;
    const sharedText =
      shared === undefined ? undefined : `its provider name "${shownM}" is also the provider name of ${shared}`;
    const collision = clash ?? sharedText;
    if (collision === undefined && m !== name) {
      toOwn.set(m, name);
      mapped.set(name, m);
    }
    withhold(name, (format) =>
      collision !== undefined && m !== name
        ? collision
        : m.length > MAX_LENGTH[format]
          ? `its name is ${m.length} characters long; ${format} takes at most ${MAX_LENGTH[format]}`
          : undefined,
    );
  }
  return { toOwn, mapped, withheld };
}

/**
 * The other names of `group` (the dotted names with `name`'s provider name, sorted) as a message lists them, or
 * undefined when there is none: at most MAX_LISTED_NAMES, then their count. Made from the group's first names
 * alone: 10,000 names sharing one provider name each listed all the others (quadratic: 8.5 s and 2.1 GB).
 */
function sharedBy(name: string, group: readonly string[]): string | undefined {
  const others = group.length - 1;
  if (others <= 0) return undefined;
  const shown = group
    .slice(0, MAX_LISTED_NAMES + 1)
    .filter((n) => n !== name)
    .slice(0, MAX_LISTED_NAMES);
  const more = others - shown.length;
  return `${listNames(shown, (n) => `"${n}"`)}${more > 0 ? ` … and ${more} more` : ''}`;
}

/** The name a tool is published under in one format, or undefined when it is withheld there. */
export function publishedName(map: ProviderNameMap, name: string, format: ProviderFormat): string | undefined {
  if (format === 'mcp') return name;
  if (map.withheld.get(name)?.some((w) => w.format === format)) return undefined;
  return map.mapped.get(name) ?? name;
}
