// A hunt's find: the bundle's registry sent each admitted call under the name its listing object held at call
// time, and listTools hands the host those objects: renaming `read_file` to `delete_file` there sent a granted
// call, checked against read_file's schema, to the ungranted delete_file. The name is read once, at admission.
import { describe, expect, it } from 'vitest';
import { guardClient } from '../../src/adapters/mcp-client.js';
import { rawServerClient } from './raw-server.js';

const SCHEMA = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };

describe('a bundle registry call after the host renamed a listed tool', () => {
  it('still goes to the tool admitted under that name', async () => {
    const ran: unknown[] = [];
    const client = await rawServerClient(
      [
        { name: 'read_file', inputSchema: SCHEMA },
        { name: 'delete_file', inputSchema: SCHEMA },
      ],
      (message) => {
        if (message.id === undefined) return undefined;
        ran.push(message.params?.['name']);
        return { content: [{ type: 'text', text: 'ran' }] };
      },
    );
    const guarded = guardClient(client, { authority: { grants: ['read_file'] } });
    const admitted = await guarded.admit();
    if (!admitted.ok) throw new Error(admitted.error.message);
    const { tools } = await guarded.listTools();
    expect(tools.map((t) => t.name)).toEqual(['read_file']);
    (tools[0] as { name: string }).name = 'delete_file';
    const r = await admitted.value.registry.call({ id: '1', name: 'read_file', arguments: { path: '/etc/passwd' } });
    expect(r.isError).toBe(false);
    expect(ran).toEqual(['read_file']);
  });
});
