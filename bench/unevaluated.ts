/**
 * What `unevaluatedProperties` costs when recursion nests it: the two shapes that once doubled in
 * time per level (a recursive schema over a deep argument; a chain of `anyOf` + `$ref` schemas).
 * Run from the repository root: `node --import tsx bench/unevaluated.ts` (BENCH_QUICK=1 for a short
 * run). Prints microseconds per call for toolgate and, as the baseline of the same run, raw Ajv 2020
 * with its own `unevaluated*` support; and the ratio of each depth to half that depth, which stays
 * near 2 when the work is linear (it was about 2^depth/2 before). Target: that ratio at most 3.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { validateSchema } from '../src/index.js';

const quick = process.env['BENCH_QUICK'] === '1';
const ROUNDS = quick ? 3 : 9;
const ROUND_MS = quick ? 40 : 150;

type Check = (args: unknown) => boolean;

/** Median over rounds of the time per call, in microseconds; each round runs for about ROUND_MS. */
function measure(check: Check, args: unknown): number {
  if (!check(args)) throw new Error('bench: a valid argument was rejected');
  const perRound: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    let calls = 0;
    const start = performance.now();
    let now = start;
    while (now - start < ROUND_MS) {
      for (let i = 0; i < 16; i++) check(args);
      calls += 16;
      now = performance.now();
    }
    perRound.push(((now - start) * 1000) / calls);
  }
  perRound.sort((a, b) => a - b);
  return perRound[Math.floor(perRound.length / 2)]!;
}

function toolgateCheck(schema: object): Check {
  const compiled = validateSchema(schema);
  if (!compiled.ok) throw new Error(`bench: toolgate refused the schema: ${compiled.error.message}`);
  return (args) => compiled.value.validate(args).ok;
}

function ajvCheck(schema: object): Check | undefined {
  try {
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(schema);
    return (args) => validate(args) === true;
  } catch {
    return undefined;
  }
}

/** An argument `depth` levels deep, each level a few fields (about 60 bytes). */
function deepArgument(depth: number): unknown {
  let node: Record<string, unknown> = { id: depth, name: 'leaf-node', tags: ['a', 'b'] };
  for (let i = depth - 1; i >= 1; i--) node = { id: i, name: `node-${i}`, tags: ['a', 'b'], child: node };
  return node;
}

const LEVEL = {
  id: { type: 'integer' },
  name: { type: 'string' },
  tags: { type: 'array', items: { type: 'string' } },
};

/** unevaluatedProperties under anyOf, recursing through $ref at every level of the argument. */
const REF_TREE = {
  type: 'object',
  $defs: {
    node: {
      type: 'object',
      anyOf: [{ properties: { ...LEVEL, child: { $ref: '#/$defs/node' } }, required: ['id'] }],
      unevaluatedProperties: false,
    },
  },
  $ref: '#/$defs/node',
};

/** The same through $dynamicRef (linked to a static $ref by toolgate before Ajv sees it). */
const DYNAMIC_TREE = {
  $id: 'https://example.com/tree',
  $dynamicAnchor: 'node',
  type: 'object',
  allOf: [{ anyOf: [{ properties: { ...LEVEL, child: { $dynamicRef: '#node' } }, required: ['id'] }] }],
  unevaluatedProperties: false,
};

/** A chain of `length` schemas `{ anyOf: [{ $ref: next }], unevaluatedProperties: false }`. */
function chain(length: number): object {
  const defs: Record<string, object> = {};
  for (let i = 0; i < length; i++)
    defs[`d${i}`] =
      i + 1 < length
        ? { anyOf: [{ $ref: `#/$defs/d${i + 1}` }], unevaluatedProperties: false }
        : { properties: { a: { type: 'integer' } } };
  return { type: 'object', $defs: defs, $ref: '#/$defs/d0' };
}

interface Row {
  readonly shape: string;
  readonly depth: number;
  readonly schemaBytes: number;
  readonly argumentBytes: number;
  readonly toolgate: number;
  readonly ajv: number | undefined;
}

const rows: Row[] = [];
const bytes = (v: unknown): number => JSON.stringify(v).length;
for (const depth of [9, 18, 36, 60]) {
  const args = deepArgument(depth);
  for (const [shape, schema] of [
    ['$ref tree, argument depth', REF_TREE],
    ['$dynamicRef tree, argument depth', DYNAMIC_TREE],
  ] as const) {
    const ajv = ajvCheck(schema);
    rows.push({
      shape,
      depth,
      schemaBytes: bytes(schema),
      argumentBytes: bytes(args),
      toolgate: measure(toolgateCheck(schema), args),
      ajv: ajv === undefined ? undefined : measure(ajv, args),
    });
  }
}
for (const length of [11, 22, 44]) {
  const schema = chain(length);
  const args = { a: 1 };
  const ajv = ajvCheck(schema);
  rows.push({
    shape: 'anyOf + $ref chain, schema length',
    depth: length,
    schemaBytes: bytes(schema),
    argumentBytes: bytes(args),
    toolgate: measure(toolgateCheck(schema), args),
    ajv: ajv === undefined ? undefined : measure(ajv, args),
  });
}

const fmt = (us: number | undefined): string => (us === undefined ? 'n/a' : us < 10 ? us.toFixed(2) : us.toFixed(1));
const lines = [
  `node ${process.version}; median of ${ROUNDS} rounds of ${ROUND_MS} ms per cell`,
  '| shape | depth | schema bytes | argument bytes | toolgate µs/call | raw Ajv µs/call | toolgate / Ajv ' +
    '| toolgate: this depth / half |',
  '|---|---:|---:|---:|---:|---:|---:|---:|',
];
for (const r of rows) {
  const half = rows.find((o) => o.shape === r.shape && o.depth * 2 === r.depth);
  lines.push(
    `| ${r.shape} | ${r.depth} | ${r.schemaBytes} | ${r.argumentBytes} | ${fmt(r.toolgate)} | ${fmt(r.ajv)} | ${
      r.ajv === undefined ? 'n/a' : (r.toolgate / r.ajv).toFixed(1)
    } | ${half === undefined ? '' : (r.toolgate / half.toolgate).toFixed(2)} |`,
  );
}
const doubled = rows.flatMap((r) => {
  const half = rows.find((o) => o.shape === r.shape && o.depth * 2 === r.depth);
  return half === undefined ? [] : [r.toolgate / half.toolgate];
});
const worst = Math.max(...doubled);
lines.push(
  '',
  `Linearity target (time at twice the depth / time at the depth <= 3): ${worst <= 3 ? 'met' : 'NOT met'}, ` +
    `worst ${worst.toFixed(2)}`,
);
console.log(lines.join('\n'));
