import { escapePointerToken } from '../util/json-pointer.js';
import { schemaViolation, type Violation } from '../result.js';
import { classifyDialect } from './dialect.js';
import { echo } from '../util/describe-value.js';
import { ASSERTED_ENCODINGS, ASSERTED_MEDIA_TYPES } from './engine/content.js';
import { formatRefusal } from '../formats/asserted.js';
import { LEGACY_KEYWORDS, keywordsOf } from './keywords.js';
import { walkSchema } from './walk.js';
import { notUriViolation } from './uri-spelling.js';

/**
 * What makes a contentSchema depend on where it stands: references and resources (Core §8.2). It is compiled on
 * its own (engine/content.ts), and linking rewrites `$dynamicRef` and embedded `$id`s into `$ref`s that only
 * resolve in the whole document, so any of these is refused (a member named so, too: the check reads the text).
 */
const LINKED = /"\$(?:ref|dynamicRef|dynamicAnchor|recursiveRef|recursiveAnchor|id|anchor)"/;

/**
 * Asked to assert a keyword the document's own meta-schema leaves out: there it is no keyword at all (Core §8.1.2),
 * so nothing would be asserted; refused rather than passed unchecked (a hunt's find).
 */
const LEFT_OUT = (key: string, vocabulary: string): string =>
  `${key} cannot be asserted: the document's meta-schema leaves out the ${vocabulary}, where "${key}" is no keyword`;

/** What the per-document keyword gate needs to know. */
export interface GateContext {
  /** Vocabularies in force for this document (Core §8.1.2). */
  readonly vocabularies: ReadonlySet<string>;
  /** The document names a meta-schema of its own (its vocabularies, its format assertion): custom. */
  readonly customMeta: boolean;
  readonly formatAssertion: boolean;
  readonly contentAssertion: boolean;
  readonly unknownKeywords: 'annotate' | 'reject';
  /** Older dialects enabled by option `dialects`: named in the refusal of an embedded one. */
  readonly dialects: ReadonlySet<string>;
  /** Prefix for schema paths of documents other than the root (their URI). */
  readonly location: (pointer: string) => string;
}

/** What the gate found: `invalid` is a broken schema, every other finding `unsupported_capability`. */
export interface GateFindings {
  /** Keywords of older drafts that would loosen the schema (rule 4); reported before anything else. */
  readonly legacy: Violation[];
  /** Unknown keywords in reject mode, a nested foreign `$schema`, formats and content that cannot be asserted. */
  readonly refusals: Violation[];
  /** Identifiers and references that are not URI references (`validation`, before the index reads them). */
  readonly invalid: Violation[];
}

/** The keyword gate of one document (rules 4, 7, 8 and the dialect rule for embedded `$schema`). */
export function gateDocument(doc: unknown, ctx: GateContext): GateFindings {
  const legacyFound: Violation[] = [];
  const found: Violation[] = [];
  const invalid: Violation[] = [];
  const known = keywordsOf(ctx.vocabularies);
  walkSchema(doc, ({ node, pointer }) => {
    // A key's location is spelled only for a finding: most keys of most schemas have none.
    const at = (key: string): string => ctx.location(`${pointer}/${escapePointerToken(key)}`);
    for (const key of Object.keys(node)) {
      // An own-property lookup: "__proto__" or "constructor" as a keyword must not find Object.prototype members.
      const legacy = Object.hasOwn(LEGACY_KEYWORDS, key) ? LEGACY_KEYWORDS[key] : undefined;
      if (legacy !== undefined) {
        legacyFound.push(
          schemaViolation(
            key,
            `keyword "${key}" is not part of Draft 2020-12 and would be ignored, loosening the schema: ${legacy}`,
            at(key),
            'keyword_not_in_dialect',
          ),
        );
      } else if (ctx.unknownKeywords === 'reject' && !known.has(key)) {
        found.push(
          schemaViolation(
            key,
            `unknown keyword "${echo(key)}" refused (unknownKeywords: "reject")`,
            at(key),
            'unknown_keyword',
          ),
        );
      }
    }
    for (const kw of ['$id', '$ref', '$dynamicRef']) {
      const broken = notUriViolation(kw, node[kw], ctx.location(`${pointer}/${kw}`));
      if (broken !== undefined) invalid.push(broken);
    }
    if (pointer !== '' && node['$schema'] !== undefined) {
      const d = classifyDialect(node['$schema'], ctx.location(`${pointer}/$schema`), ctx.dialects);
      if (!d.ok) found.push(...d.error.violations);
      else if (d.value.kind === 'standard' && ctx.customMeta)
        // Core §8.1.1: the resource is in the dialect it names, but the document is compiled with its root's
        // vocabularies (type ignored where the root's leave validation out, format asserted where they assert it).
        found.push(
          schemaViolation(
            '$schema',
            `embedded "$schema" ${echo(node['$schema'])} is not supported under a root that names its own ` +
              "meta-schema: the resource would be read with the root's vocabularies, not its own",
            ctx.location(`${pointer}/$schema`),
            'dialect_unsupported',
          ),
        );
      else if (d.value.kind === 'custom')
        found.push(
          schemaViolation(
            '$schema',
            `embedded "$schema" ${echo(node['$schema'])} is not ` +
              `supported: only the document root may name a meta-schema`,
            ctx.location(`${pointer}/$schema`),
            'dialect_unsupported',
          ),
        );
    }
    if (ctx.formatAssertion && 'format' in node) {
      const why = known.has('format') ? formatRefusal(node['format']) : LEFT_OUT('format', 'format vocabularies');
      if (why !== undefined)
        found.push(schemaViolation('format', why, ctx.location(`${pointer}/format`), 'assertion_unsupported'));
    }
    if (ctx.contentAssertion && !known.has('contentMediaType'))
      for (const key of ['contentMediaType', 'contentEncoding'] as const)
        if (key in node)
          found.push(
            schemaViolation(
              key,
              LEFT_OUT(key, 'content vocabulary'),
              ctx.location(`${pointer}/${key}`),
              'assertion_unsupported',
            ),
          );
    if (ctx.contentAssertion && known.has('contentMediaType')) {
      const enc = node['contentEncoding'];
      const media = node['contentMediaType'];
      if (enc !== undefined && !ASSERTED_ENCODINGS.includes(enc as string)) {
        found.push(
          schemaViolation(
            'contentEncoding',
            `contentEncoding ${echo(enc)} cannot be asserted (supported: ${ASSERTED_ENCODINGS.join(', ')})`,
            ctx.location(`${pointer}/contentEncoding`),
            'assertion_unsupported',
          ),
        );
      }
      if (media !== undefined && !ASSERTED_MEDIA_TYPES.includes(media as string)) {
        found.push(
          schemaViolation(
            'contentMediaType',
            `contentMediaType ${echo(media)} cannot be asserted (supported: ${ASSERTED_MEDIA_TYPES.join(', ')})`,
            ctx.location(`${pointer}/contentMediaType`),
            'assertion_unsupported',
          ),
        );
      }
      if (node['contentSchema'] !== undefined && media === undefined) {
        // Validation §8.5: contentSchema without contentMediaType is ignored; nothing to refuse.
      } else if (node['contentSchema'] !== undefined && LINKED.test(JSON.stringify(node['contentSchema']))) {
        found.push(
          schemaViolation(
            'contentSchema',
            'a contentSchema that uses "$ref", "$dynamicRef", "$recursiveRef", "$id" or an anchor cannot be asserted',
            ctx.location(`${pointer}/contentSchema`),
            'assertion_unsupported',
          ),
        );
      }
    }
  });
  return { legacy: legacyFound, refusals: found, invalid };
}
