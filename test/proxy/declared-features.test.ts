// What a server must have declared for a message of a feature to cross (src/mcp/capability-needs.ts), and the
// resources a session's client subscribed to, whose updates alone pass (src/proxy/declared-features.ts). A hunt's
// find: a server that declared tools only had its log messages, list changes and an update of a resource never
// subscribed to reach the client, and the client's resources/list, logging/setLevel and prompts/get reach it.
import { describe, expect, it } from 'vitest';
import { undeclaredCapability } from '../../src/mcp/capability-needs.js';
import { revisionOf, type ProtocolRevision } from '../../src/mcp/versions.js';
import { DeclaredFeatures, MAX_SUBSCRIPTIONS } from '../../src/proxy/declared-features.js';

const NEWEST = revisionOf('2025-11-25') as ProtocolRevision;
const FIRST = revisionOf('2024-11-05') as ProtocolRevision;
const TOOLS = { tools: {} };
const BARE = { tools: {}, resources: {}, prompts: {}, logging: {}, completions: {} };
const FULL = {
  ...BARE,
  resources: { subscribe: true, listChanged: true },
  prompts: { listChanged: true },
};

describe('undeclaredCapability: what each method needs of the server', () => {
  it.each([
    ['logging/setLevel', TOOLS, 'logging'],
    ['notifications/message', TOOLS, 'logging'],
    ['notifications/message', BARE, undefined],
    ['completion/complete', TOOLS, 'completions'],
    ['prompts/get', TOOLS, 'prompts'],
    ['prompts/list', BARE, undefined],
    ['notifications/prompts/list_changed', BARE, 'prompts.listChanged'],
    ['notifications/prompts/list_changed', FULL, undefined],
    ['resources/list', TOOLS, 'resources'],
    ['resources/read', { resources: [] }, 'resources'],
    ['resources/templates/list', BARE, undefined],
    ['resources/subscribe', BARE, 'resources.subscribe'],
    ['resources/unsubscribe', { resources: { subscribe: 'yes' } }, 'resources.subscribe'],
    ['notifications/resources/updated', BARE, 'resources.subscribe'],
    ['notifications/resources/updated', FULL, undefined],
    ['notifications/resources/list_changed', BARE, 'resources.listChanged'],
    ['notifications/resources/list_changed', FULL, undefined],
    // The proxy's own business, or needing nothing: tools (re-admitted), ping, progress, cancellation, tasks.
    ['notifications/tools/list_changed', TOOLS, undefined],
    ['ping', {}, undefined],
    ['notifications/progress', {}, undefined],
    ['tasks/get', TOOLS, undefined],
  ])('%s, the server declaring %j: lacks %s', (method, caps, lacks) => {
    expect(undeclaredCapability(method, caps, NEWEST)).toBe(lacks);
  });

  it('asks a 2024-11-05 server for no completions capability (2025-03-26 added it)', () => {
    expect(undeclaredCapability('completion/complete', TOOLS, FIRST)).toBeUndefined();
    expect(undeclaredCapability('prompts/get', TOOLS, FIRST)).toBe('prompts');
  });

  it('reads no capabilities out of what is not an object', () => {
    for (const caps of [undefined, null, 'logging', ['logging']])
      expect(undeclaredCapability('notifications/message', caps, NEWEST)).toBe('logging');
  });
});

describe('DeclaredFeatures: requests refused, notifications dropped, updates of subscriptions only', () => {
  it('answers a request of an undeclared feature -32601, naming it', () => {
    const features = new DeclaredFeatures(TOOLS, NEWEST);
    expect(features.refusal('resources/list', {})).toEqual({
      error: { code: -32601, message: 'method not found: "resources/list" (the server did not declare "resources")' },
    });
    expect(features.refusal('tools/call', {})).toBeUndefined();
    expect(features.passes('notifications/message', { level: 'info', data: 'x' })).toBe(false);
    expect(features.passes('notifications/progress', {})).toBe(true);
  });

  it('passes an update of a subscribed resource, or of one under it, until it is unsubscribed', () => {
    const features = new DeclaredFeatures(FULL, NEWEST);
    const updated = (uri: unknown) => features.passes('notifications/resources/updated', { uri });
    expect(updated('file:///dir/a')).toBe(false);
    expect(features.refusal('resources/subscribe', { uri: 'file:///dir/' })).toBeUndefined();
    expect(updated('file:///dir/')).toBe(true);
    expect(updated('file:///dir/a')).toBe(true);
    expect(updated('file:///other')).toBe(false);
    expect(updated(7)).toBe(false);
    expect(features.refusal('resources/unsubscribe', { uri: 'file:///dir/' })).toBeUndefined();
    expect(updated('file:///dir/a')).toBe(false);
  });

  it(`refuses a subscription past ${MAX_SUBSCRIPTIONS} resources or 256 KiB of their URIs`, () => {
    const features = new DeclaredFeatures(FULL, NEWEST);
    for (let i = 0; i < MAX_SUBSCRIPTIONS; i++)
      expect(features.refusal('resources/subscribe', { uri: `file:///${i}` })).toBeUndefined();
    // The same one again holds no more; a new one is refused, and one of them let go makes room.
    expect(features.refusal('resources/subscribe', { uri: 'file:///0' })).toBeUndefined();
    expect(features.refusal('resources/subscribe', { uri: 'file:///new' })?.error.code).toBe(-32603);
    features.refusal('resources/unsubscribe', { uri: 'file:///0' });
    expect(features.refusal('resources/subscribe', { uri: 'file:///new' })).toBeUndefined();
    const long = new DeclaredFeatures(FULL, NEWEST);
    expect(long.refusal('resources/subscribe', { uri: 'x'.repeat(256 * 1024) })).toBeUndefined();
    expect(long.refusal('resources/subscribe', { uri: 'y' })?.error.message).toMatch(/at most 1000 resources, 256 KiB/);
  });
});
