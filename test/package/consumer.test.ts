// SLOW (about 30 s; npm pack with its build, npm install, tsc): the package as a user gets it. The packed
// tarball is installed into a scratch project outside the repository, which type-checks strict with
// `module: nodenext` and no skipLibCheck, runs the README quickstart against the installed package, requires
// toolgate from CommonJS and runs the CLI (one bundled file) without the optional MCP SDK.
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingSdkMessage } from '../../src/mcp/sdk.js';
import { sample } from '../docs/samples.js';
import { npm, packInto, ROOT, run, scratchDir, typeCheck, typesNode, writeConsumer } from './scratch.js';

const QUICKSTART = sample('README.md', 'quickstart');

/** An MCP server on stdio written without the SDK: one tool, `echo`. */
const RAW_SERVER = `require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (m.id === undefined) return;
  const result = m.method === 'initialize'
    ? { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'raw', version: '1' } }
    : { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] };
  process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result }) + '\\n');
});
`;

/** Type-level checks a consumer relies on: were `~standard` `any`, the expected error would not occur. */
const TYPES = `import { validateSchema, type CompiledSchema, type GateError } from 'toolgate';

const compiled = validateSchema({ type: 'object' });
if (compiled.ok) {
  const schema: CompiledSchema = compiled.value;
  const standard = schema['~standard'];
  const version: 1 = standard.version;
  // @ts-expect-error vendor is a string: with an untyped \`~standard\` this line would compile
  const vendor: number = standard.vendor;
  console.log(version, vendor);
} else {
  const error: GateError = compiled.error;
  console.log(error.class);
}
`;

/** CommonJS through TypeScript (`import x = require()` compiles to require()). */
const REQUIRE_CTS = `import toolgate = require('toolgate');

const result = toolgate.validate({ type: 'object', required: ['city'] }, {});
console.log(result.ok ? 'valid' : result.error.message);
`;

/** Plain CommonJS JavaScript. */
const REQUIRE_CJS = `const { validate, DEFAULT_LIMITS } = require('toolgate');

console.log(validate({ type: 'object' }, { city: 'Paris' }).ok, typeof DEFAULT_LIMITS.maxArrayItems);
`;

/**
 * The docs' pattern under `strict: false` (NestJS's default): without strictNullChecks `!r.ok` narrows nothing, so
 * `r.error` must be a member of both sides of a Result. Compiled strict too (the main tsconfig includes it).
 */
const LOOSE_TS = `import { validate, validateSchema, type Result } from 'toolgate';
import { readProxyOptions } from 'toolgate/proxy';

const checked = validate({ type: 'object' }, []);
if (!checked.ok) console.log(checked.error.message);
const compiled = validateSchema({ type: 'object' });
if (!compiled.ok) console.log(compiled.error.class);
else console.log(typeof compiled.value.validate);
const read = readProxyOptions({ upstream: { command: 'server' } });
if (!read.ok) console.log(read.error.violations.length);
// A Result still passes where the host's own type leaves a member optional (exactOptionalPropertyTypes).
const status = (r: { ok: boolean; error?: { message: string } }): string => r.error?.message ?? 'ok';
export const shown: string = status(checked as Result<unknown>);
`;

/** Requires each `exports` subpath (peers as the folder has them); what each did, as JSON. */
const REQUIRE_EVERY_CJS = `const subpaths = require('toolgate/package.json').exports;
const out = {};
for (const key of Object.keys(subpaths)) {
  const name = key === '.' ? 'toolgate' : \`toolgate/\${key.slice(2)}\`;
  try {
    require(name);
    out[name] = 'ok';
  } catch (e) {
    out[name] = \`\${e.code}: \${String(e.message).split('\\n')[0]}\`;
  }
}
const made = require('toolgate/adapters/ai-sdk').toAiSdkTool({ inputSchema: { type: 'object' } });
out.toAiSdkTool = made.ok ? 'ok' : made.error.message;
console.log(JSON.stringify(out));
`;

/** Whether this Node can require() an ES module (20.19 and 22.12 on, unless turned off). */
const REQUIRE_MODULE = (process.features as { require_module?: boolean }).require_module === true;

/** Every entry point without an optional peer, compiled with no Node types at all (no `@types/node`). */
const NO_NODE_TS = `import { validate } from 'toolgate';
import { createProxyHandler, type ProxyRequestHandler } from 'toolgate/proxy';

const handler: Promise<unknown> = createProxyHandler({ upstream: { command: 'server' } });
const mount = (h: ProxyRequestHandler): string[] => [...h.tools];
export { handler, mount, validate };
`;

let dir = '';
let tarball = '';
let shipped: string[] = [];
const node = (...args: string[]) => run(dir, process.execPath, args, 60_000);
const cli = (...args: string[]) => node(join(dir, 'node_modules/toolgate/dist/cli/main.js'), ...args);

beforeAll(() => {
  dir = scratchDir('consumer');
  const packed = packInto(dir);
  tarball = packed.tarball;
  shipped = packed.files;
  writeConsumer(dir, {
    'quickstart.ts': QUICKSTART.code,
    'types.ts': TYPES,
    'require.cts': REQUIRE_CTS,
    'loose.ts': LOOSE_TS,
  });
  writeFileSync(join(dir, 'require-every.cjs'), REQUIRE_EVERY_CJS);
  writeFileSync(join(dir, 'plain.cjs'), REQUIRE_CJS);
  writeFileSync(join(dir, 'no-node.mts'), NO_NODE_TS);
  // A consumer project with no Node types: @types/node is neither a dependency nor a peer of toolgate.
  const strict = JSON.parse(readFileSync(join(dir, 'tsconfig.json'), 'utf8')) as { compilerOptions: object };
  const noNode = { compilerOptions: { ...strict.compilerOptions, types: [], noEmit: true }, files: ['no-node.mts'] };
  writeFileSync(join(dir, 'tsconfig.no-node.json'), JSON.stringify(noNode));
  const { exactOptionalPropertyTypes: _, ...rest } = strict.compilerOptions as Record<string, unknown>;
  const loose = { compilerOptions: { ...rest, strict: false, noEmit: true }, files: ['loose.ts'] };
  writeFileSync(join(dir, 'tsconfig.loose.json'), JSON.stringify(loose));
  // As the README says: saved in an ES module project under the name README gives, run by `node <name>`.
  writeFileSync(join(dir, 'quickstart.js'), QUICKSTART.code);
  npm(dir, ['install', tarball, typesNode()]);
}, 300_000);

afterAll(() => {
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

describe('the packed package in a scratch consumer [slow: npm pack, npm install, tsc]', () => {
  it('ships the build, the docs, the README and the LICENSE; no sources and no source maps that point at them', () => {
    expect(shipped).toEqual(
      expect.arrayContaining(['README.md', 'LICENSE', 'dist/index.js', 'dist/index.d.ts', 'docs/api.md']),
    );
    // The licence package.json names (MIT), with its copyright line, as the tarball carries it.
    const license = readFileSync(join(dir, 'node_modules/toolgate/LICENSE'), 'utf8');
    expect(license.split('\n').slice(0, 3)).toEqual(['MIT License', '', 'Copyright (c) 2026 toolgate contributors']);
    expect(shipped.filter((f) => f.endsWith('.map') || /^(src|test|bench|examples)\//.test(f))).toEqual([]);
    const js = shipped.filter((f) => f.endsWith('.js'));
    expect(js.length).toBeGreaterThan(50);
    const pointing = js.filter((f) =>
      readFileSync(join(dir, 'node_modules/toolgate', f), 'utf8').includes('sourceMappingURL'),
    );
    expect(pointing).toEqual([]);
  });

  it('a core-only install brings ajv, ajv-formats, the types-only @standard-schema/spec, no optional peer', () => {
    const installed = readdirSync(join(dir, 'node_modules')).flatMap((name) =>
      name.startsWith('@') ? readdirSync(join(dir, 'node_modules', name)).map((n) => `${name}/${n}`) : [name],
    );
    // The consumer's own @types/node (and its undici-types) aside.
    const ours = installed.filter((n) => n !== '@types/node' && n !== 'undici-types' && !n.startsWith('.'));
    expect(ours).toEqual(expect.arrayContaining(['toolgate', 'ajv', 'ajv-formats', '@standard-schema/spec']));
    for (const absent of ['@modelcontextprotocol/sdk', 'zod', 'ai', '@openai/agents', 'express', 'hono'])
      expect(ours).not.toContain(absent);
    // ajv's own small dependencies (four today) and nothing else.
    expect(ours.length).toBeLessThanOrEqual(10);
  });

  it('type-checks strict (nodenext, exactOptionalPropertyTypes, no skipLibCheck): quickstart, types, require', () => {
    typeCheck(dir);
    expect(readdirSync(join(dir, 'out')).sort()).toEqual(['loose.js', 'quickstart.js', 'require.cjs', 'types.js']);
  }, 120_000);

  it('type-checks with strict: false (NestJS): `if (!r.ok) r.error`, as every docs sample writes it', () => {
    typeCheck(dir, join(dir, 'tsconfig.loose.json'));
  }, 120_000);

  it('type-checks toolgate and toolgate/proxy without @types/node: no shipped declaration names a node: module', () => {
    const declarations = shipped.filter((f) => f.endsWith('.d.ts'));
    expect(declarations).toContain('dist/proxy/index.d.ts');
    const nodeBound = declarations.filter((f) =>
      /['"]node:|<reference types="node"/.test(readFileSync(join(dir, 'node_modules/toolgate', f), 'utf8')),
    );
    expect(nodeBound).toEqual([]);
    typeCheck(dir, join(dir, 'tsconfig.no-node.json'));
  }, 120_000);

  it('runs the README quickstart against the installed package and prints its output block', () => {
    expect(QUICKSTART.code).toContain("from 'toolgate'");
    for (const file of ['quickstart.js', 'out/quickstart.js']) {
      const r = node(file);
      expect(r.stderr, file).toBe('');
      expect(r.stdout, file).toBe(QUICKSTART.output);
    }
  });

  it('require("toolgate") works from CommonJS, compiled from TypeScript and plain', () => {
    const compiled = node('out/require.cjs');
    expect([compiled.status, compiled.stdout]).toEqual([
      0,
      'invalid arguments: 1 violation, first at $: missing required property "city"\n',
    ]);
    const plain = node('plain.cjs');
    expect([plain.status, plain.stdout]).toEqual([0, 'true number\n']);
  });

  // Skipped where this Node cannot require() an ES module (process.features.require_module false).
  it.skipIf(!REQUIRE_MODULE)(
    'every exports subpath can be required from CommonJS, its optional peer installed',
    () => {
      const peered = scratchDir('consumer-peers');
      try {
        npm(peered, ['init', '-y']);
        npm(peered, ['install', tarball]);
        // The peers as the repository has them: linked, not installed again (offline, and the versions tested).
        const { peerDependencies } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
          peerDependencies: Record<string, string>;
        };
        for (const name of Object.keys(peerDependencies)) {
          mkdirSync(dirname(join(peered, 'node_modules', name)), { recursive: true });
          symlinkSync(join(ROOT, 'node_modules', name), join(peered, 'node_modules', name), 'dir');
        }
        writeFileSync(join(peered, 'require-every.cjs'), REQUIRE_EVERY_CJS);
        const r = run(peered, process.execPath, ['require-every.cjs'], 60_000);
        expect(r.stderr).toBe('');
        const required = JSON.parse(r.stdout) as Record<string, string>;
        expect(Object.keys(required)).toHaveLength(9);
        for (const [name, outcome] of Object.entries(required)) expect(outcome, name).toBe('ok');
      } finally {
        rmSync(peered, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it.skipIf(!REQUIRE_MODULE)(
    'without `ai`, toolgate/adapters/ai-sdk is required and toAiSdkTool names the install',
    () => {
      const r = node('require-every.cjs');
      expect(r.status).toBe(0);
      const required = JSON.parse(r.stdout) as Record<string, string>;
      for (const name of ['toolgate', 'toolgate/proxy', 'toolgate/adapters/ai-sdk', 'toolgate/package.json'])
        expect(required[name], name).toBe('ok');
      expect(required['toAiSdkTool']).toBe(
        'toolgate/adapters/ai-sdk needs the package "ai" (^7.0.173), an optional peer dependency of toolgate that is ' +
          'not installed: run npm install ai@"^7.0.173"',
      );
    },
  );

  it('the bin is one bundled file that carries Ajv: dist/cli holds nothing else, and check runs from it', () => {
    expect(shipped.filter((f) => f.startsWith('dist/cli/'))).toEqual(['dist/cli/main.js']);
    const bin = readFileSync(join(dir, 'node_modules/toolgate/dist/cli/main.js'), 'utf8');
    expect(bin.startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(bin).toContain('node_modules/ajv/dist/2020.js');
    expect(bin).not.toMatch(/[^\0-\x7f]/);
    writeFileSync(join(dir, 'one.json'), JSON.stringify([{ name: 'get_weather', inputSchema: { type: 'object' } }]));
    const checked = cli('check', 'one.json');
    expect([checked.status, checked.stdout.split('\n')[0]]).toEqual([0, 'one.json: admitted']);
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    // Through the link npm makes for the bin, as `npx toolgate` runs it (the file's #! line).
    expect(run(dir, join(dir, 'node_modules/.bin/toolgate'), ['--version']).stdout).toBe(`${version}\n`);
  });

  it('the CLI works without the MCP SDK: check --mcp and --config list a server; serve says what to install', () => {
    const validate = cli('validate', '--schema', '{"type":"object","required":["city"]}', '--args', '{}');
    expect([validate.status, validate.stdout]).toEqual([
      1,
      'error: invalid arguments for tool:\n$: missing required property "city"\n',
    ]);
    // They list through the proxy's own stdio upstream (src/proxy/stdio-lister.ts): before, both exited 2 saying
    // the SDK was needed.
    writeFileSync(join(dir, 'server.cjs'), RAW_SERVER);
    const listed = cli('check', '--mcp', 'node server.cjs');
    expect([listed.status, listed.stderr, listed.stdout.split('\n')[0]]).toEqual([
      0,
      '',
      'mcp: node server.cjs: admitted',
    ]);
    writeFileSync(join(dir, 'sdkless.mcp.json'), '{"mcpServers":{"s":{"command":"node","args":["server.cjs"]}}}');
    const configured = cli('check', '--config', 'sdkless.mcp.json');
    expect([configured.status, configured.stderr]).toEqual([0, '']);
    const served = cli('serve', '--name', 'now', '--exec', 'date');
    expect([served.status, served.stderr]).toEqual([
      2,
      `toolgate serve: ${missingSdkMessage('serving tools over MCP')}\n`,
    ]);
  });
});
