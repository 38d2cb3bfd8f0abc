// A review's find: frozenCopy assigned a schema's members, and once a host froze Object.prototype (a hardening step)
// assigning one Object.prototype also has (`constructor`, `toString`) threw: every such schema was refused, and a
// stage reading such arguments failed. Run in a process of its own, where Object.prototype is frozen after import.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const SCRIPT = `
const { validateSchema, Registry, defineTool } = await import('./src/index.ts');
Object.freeze(Object.prototype);
const schema = { type: 'object', properties: { constructor: { type: 'string' }, toString: { type: 'string' } } };
const admitted = validateSchema(schema);
const registry = new Registry({ stages: { authorize: ({ args }) => args.constructor === 'c' } });
registry.register(defineTool({ name: 't', inputSchema: schema, execute: (a) => Object.keys(a).join() }));
const r = await registry.call({ id: '1', name: 't', arguments: '{"constructor":"c","toString":"s"}' });
console.log(JSON.stringify({ admitted: admitted.ok, isError: r.isError, content: r.content }));
`;

describe('a host that froze Object.prototype', () => {
  it('admits a schema naming constructor and toString, and a stage reads such arguments', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ admitted: true, isError: false, content: 'constructor,toString' });
  }, 60_000);
});
