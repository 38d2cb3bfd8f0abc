import { createRequire } from 'node:module';
import { META_SCHEMA_FILES } from '../../keywords/keyword-lists.js';
import type { LegacyDialect } from '../legacy-keywords.js';

// The meta-schemas each dialect's engine carries itself, so that a reference to one resolves without the registry:
// one table for the front ends (which URIs are built in), the linker (which loads the 2020-12 ones it links) and
// the reference check (what a reference into one lands on). test/engine/canaries.test.ts checks the older
// dialects' against Ajv's own list.

const DRAFT_2019_09 = 'https://json-schema.org/draft/2019-09/';
const META_2019_09 = ['applicator', 'content', 'core', 'format', 'meta-data', 'validation'];

/** Each dialect's built-in documents: URI (no fragment) to the file under `ajv/dist/refs/`. */
const SHIPPED: Readonly<Record<'2020-12' | LegacyDialect, Readonly<Record<string, string>>>> = {
  '2020-12': Object.fromEntries(Object.entries(META_SCHEMA_FILES).map(([uri, f]) => [uri, `json-schema-2020-12/${f}`])),
  // `http://json-schema.org/schema` is Ajv's alias of the dialect's own meta-schema, in both older engines.
  'draft-07': {
    'http://json-schema.org/draft-07/schema': 'json-schema-draft-07.json',
    'http://json-schema.org/schema': 'json-schema-draft-07.json',
  },
  '2019-09': {
    [`${DRAFT_2019_09}schema`]: 'json-schema-2019-09/schema.json',
    ...Object.fromEntries(META_2019_09.map((m) => [`${DRAFT_2019_09}meta/${m}`, `json-schema-2019-09/meta/${m}.json`])),
    'http://json-schema.org/schema': 'json-schema-2019-09/schema.json',
  },
};

const require = createRequire(import.meta.url);
const texts = new Map<string, string>();

/** The URIs of the documents `dialect`'s engine carries. */
export function shippedUris(dialect: '2020-12' | LegacyDialect): ReadonlySet<string> {
  return new Set(Object.keys(SHIPPED[dialect]));
}

/** A fresh copy of the document `dialect`'s engine carries under `uri` (the caller may change it); undefined: none. */
export function shippedDocument(dialect: '2020-12' | LegacyDialect, uri: string): unknown {
  const file = Object.hasOwn(SHIPPED[dialect], uri) ? SHIPPED[dialect][uri] : undefined;
  if (file === undefined) return undefined;
  let text = texts.get(file);
  if (text === undefined) {
    text = JSON.stringify(require(`ajv/dist/refs/${file}`));
    texts.set(file, text);
  }
  return JSON.parse(text) as unknown;
}
