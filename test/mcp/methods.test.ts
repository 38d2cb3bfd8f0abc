// The MCP method table (src/mcp/methods.ts) agrees with the SDK's own message unions for the SDK's latest
// revision, and a method is only ever an exact key: near misses and inherited names define nothing.
import * as types from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { isSpecMethod, MCP_METHODS } from '../../src/mcp/methods.js';

/** The method literals of one of the SDK's zod unions (ClientRequestSchema, ...). */
function methodsOf(union: unknown): string[] {
  const options = (union as { options: { shape: { method: { value: string } } }[] }).options;
  return options.map((o) => o.shape.method.value).sort();
}

/** The table's methods for a sender at a revision. */
function tableOf(sender: 'client' | 'server', revision: string, notifications: boolean): string[] {
  return [...MCP_METHODS.keys()]
    .filter((m) => m.startsWith('notifications/') === notifications && isSpecMethod(m, sender, revision))
    .sort();
}

describe('the MCP method table', () => {
  it.each([
    ['client requests', 'client', false, types.ClientRequestSchema],
    ['client notifications', 'client', true, types.ClientNotificationSchema],
    ['server requests', 'server', false, types.ServerRequestSchema],
    ['server notifications', 'server', true, types.ServerNotificationSchema],
  ] as const)('holds the SDK latest revision %s', (_what, sender, notifications, union) => {
    expect(tableOf(sender, types.LATEST_PROTOCOL_VERSION, notifications)).toEqual(methodsOf(union));
  });

  // The unions of the specification's 2026-07-28 TypeScript schema: ClientRequest,
  // ClientNotification, ServerNotification; the revision has no ServerRequest (input_required results instead).
  it.each([
    [
      'client requests',
      'client',
      false,
      [
        'completion/complete',
        'prompts/get',
        'prompts/list',
        'resources/list',
        'resources/read',
        'resources/templates/list',
        'server/discover',
        'subscriptions/listen',
        'tools/call',
        'tools/list',
      ],
    ],
    ['client notifications', 'client', true, ['notifications/cancelled']],
    ['server requests', 'server', false, []],
    [
      'server notifications',
      'server',
      true,
      [
        'notifications/cancelled',
        'notifications/message',
        'notifications/progress',
        'notifications/prompts/list_changed',
        'notifications/resources/list_changed',
        'notifications/resources/updated',
        'notifications/subscriptions/acknowledged',
        'notifications/tools/list_changed',
      ],
    ],
  ] as const)('holds the 2026-07-28 %s', (_what, sender, notifications, expected) => {
    expect(tableOf(sender, '2026-07-28', notifications)).toEqual([...expected]);
  });

  it.each([
    'Tools/Call',
    'tools/call ',
    'tools/call\u0000',
    ' tools/call',
    'tools/call/',
    'tools\\call',
    'constructor',
    '__proto__',
    'toString',
    'hasOwnProperty',
    '',
  ])('defines nothing for %j', (method) => {
    for (const revision of ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'])
      expect(isSpecMethod(method, 'client', revision) || isSpecMethod(method, 'server', revision)).toBe(false);
  });

  it.each([
    ['elicitation/create', 'server', '2025-03-26', false],
    ['elicitation/create', 'server', '2025-06-18', true],
    ['tasks/list', 'client', '2025-06-18', false],
    ['tasks/list', 'client', '2025-11-25', true],
    ['sampling/createMessage', 'client', '2025-06-18', false],
    ['tools/call', 'server', '2025-06-18', false],
    ['tools/call', 'client', '2099-01-01', false],
    ['ping', 'client', '2026-07-28', false],
    ['initialize', 'client', '2026-07-28', false],
    ['server/discover', 'client', '2025-11-25', false],
    ['notifications/progress', 'client', '2026-07-28', false],
  ] as const)('%s from the %s under %s: %s', (method, sender, revision, defined) => {
    expect(isSpecMethod(method, sender, revision)).toBe(defined);
  });
});
