// A hunt's find, against docs/proxy.md ("What a revision adds goes through the same checks, by the client's
// revision"): everything the proxy rebuilt toward a session client was in 2025-11-25's shapes, so a 2024-11-05 client
// got a tool's `title`, `icons`, `execution` and `annotations`, results with `audio`, `resource_link` and
// `structuredContent`, a prompt of audio, prompts' and resources' `title` and `icons`, the server's `title`, `icons`
// and `websiteUrl`, and the capabilities `completions`, `tasks` and `extensions`. What a revision lacks is left out
// now, and an answer holding a content block the client cannot read is refused; the tools/list text is made once per
// admission and revision.
import { describe, expect, it } from 'vitest';
import { serverCapabilities } from '../../src/mcp/server-shapes.js';
import { NEWEST_INITIALIZE, type ProtocolRevision, revisionOf } from '../../src/mcp/versions.js';
import { NOTHING, toolsListText } from '../../src/proxy/published.js';
import { checkResult } from '../../src/proxy/calls.js';
import { serverAnswer, serverInitialize } from '../../src/proxy/server-messages.js';

const r = (version: string): ProtocolRevision => {
  const revision = revisionOf(version);
  if (revision === undefined) throw new Error(version);
  return revision;
};
const ICONS = [{ src: 'https://e.example/i.png' }];
const TOOL = {
  name: 'x',
  title: 'X',
  inputSchema: { type: 'object' },
  outputSchema: { type: 'object' },
  icons: ICONS,
  execution: { taskSupport: 'forbidden' },
  annotations: { readOnlyHint: true },
};
const PUBLISHED = { ...NOTHING, tools: new Map([['x', TOOL]]) };
const listed = (revision: ProtocolRevision) =>
  Object.keys((JSON.parse(toolsListText(PUBLISHED, revision).bytes.toString()) as { tools: object[] }).tools[0] ?? {});

describe('what a client of an older revision is listed and told', () => {
  it.each([
    ['2025-11-25', ['name', 'title', 'inputSchema', 'outputSchema', 'icons', 'execution', 'annotations']],
    ['2025-06-18', ['name', 'title', 'inputSchema', 'outputSchema', 'annotations']],
    ['2025-03-26', ['name', 'inputSchema', 'annotations']],
    ['2024-11-05', ['name', 'inputSchema']],
  ])('a tool listed to a %s client has %j', (version, fields) => {
    expect(listed(r(version))).toEqual(fields);
  });

  it('makes the tools/list text once per admission and revision', () => {
    expect(toolsListText(PUBLISHED, r('2024-11-05'))).toBe(toolsListText(PUBLISHED, r('2024-10-07')));
    expect(toolsListText(PUBLISHED, r('2024-11-05'))).not.toBe(toolsListText(PUBLISHED, NEWEST_INITIALIZE));
    expect(toolsListText(PUBLISHED)).toBe(toolsListText(PUBLISHED, NEWEST_INITIALIZE));
  });

  const CAPS = {
    logging: {},
    completions: {},
    tools: {},
    tasks: { list: {} },
    extensions: { 'io.x/y': {} },
    experimental: { e: {} },
  };
  it.each([
    ['2024-11-05', ['experimental', 'logging', 'tools']],
    ['2025-03-26', ['experimental', 'logging', 'completions', 'tools']],
    ['2025-11-25', ['experimental', 'logging', 'completions', 'tools', 'tasks']],
    ['2026-07-28', ['experimental', 'logging', 'completions', 'tools', 'extensions']],
  ])('a %s client is told of the capabilities %j', (version, names) => {
    expect(Object.keys(serverCapabilities(CAPS, r(version)))).toEqual(names);
  });

  const INFO = {
    serverInfo: {
      name: 's',
      version: '1',
      title: 'S',
      description: 'd',
      websiteUrl: 'https://e.example',
      icons: ICONS,
    },
  };
  it.each([
    ['2024-11-05', ['name', 'version']],
    ['2025-06-18', ['name', 'version', 'title']],
    ['2025-11-25', ['name', 'version', 'title', 'description', 'websiteUrl', 'icons']],
  ])("a %s client is told the server's %j", (version, fields) => {
    expect(Object.keys(serverInitialize(INFO, r(version))['serverInfo'] as object)).toEqual(fields);
  });
});

describe("a server's answer toward a client of an older revision", () => {
  const answered = (method: string, result: unknown, version: string) =>
    serverAnswer(method, { result }, { caps: {}, revision: r(version), gateway: false }, 1 << 20, []);
  const AUDIO = { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' };

  it('a prompt of audio toward a 2024-11-05 client: refused; toward 2025-03-26: passed', () => {
    const result = { messages: [{ role: 'user', content: AUDIO }] };
    expect(answered('prompts/get', result, '2024-11-05')).toEqual({
      error: {
        code: -32603,
        message:
          "the MCP server's answer was not passed on: it holds audio content, which an MCP 2024-11-05 client " +
          'cannot read',
      },
    });
    expect(answered('prompts/get', result, '2025-03-26')).toEqual({ result });
  });

  it.each([
    ['prompts/list', { prompts: [{ name: 'p', title: 'T', icons: ICONS, arguments: [{ name: 'a', title: 'A' }] }] }],
    ['resources/list', { resources: [{ uri: 'file:///a', name: 'a', title: 'A', icons: ICONS, size: 3 }] }],
    ['resources/templates/list', { resourceTemplates: [{ uriTemplate: 'file:///{a}', name: 'a', title: 'A' }] }],
  ])('%s toward a 2024-11-05 client: without title and icons', (method, result) => {
    const text = JSON.stringify(answered(method, result, '2024-11-05'));
    expect(text).not.toContain('"title"');
    expect(text).not.toContain('"icons"');
    expect(JSON.stringify(answered(method, result, '2025-11-25'))).toContain('"title"');
  });

  const call = (resultText: string, version: string) => {
    const line = `{"jsonrpc":"2.0","id":1,"result":${resultText}}`;
    const result = (JSON.parse(line) as { result: unknown }).result;
    return checkResult('x', result, line, { outputs: new Map() }, 1 << 20, 'x', false, r(version));
  };
  it.each([
    ['{"content":[{"type":"audio","data":"AAAA","mimeType":"audio/wav"}]}', '2024-11-05', 'audio'],
    ['{"content":[{"type":"resource_link","uri":"file:///etc/passwd","name":"p"}]}', '2025-03-26', 'resource_link'],
  ])('a tool result %s toward a %s client: refused (%s)', (text, version, type) => {
    const checked = call(text, version);
    expect(checked.problem).toBe('output');
    expect(JSON.stringify(checked)).toContain(
      `its result was not passed on: it holds ${type} content, which an MCP ${version} client cannot read`,
    );
  });

  it('a structuredContent is left out toward a 2025-03-26 client, kept toward 2025-06-18', () => {
    const text = '{"content":[{"type":"text","text":"{\\"a\\":1}"}],"structuredContent":{"a":1}}';
    expect(call(text, '2025-03-26')).toEqual({
      text: '{"content":[{"type":"text","text":"{\\"a\\":1}"}]}',
      problem: undefined,
    });
    expect(call(text, '2025-06-18')).toEqual({ text, problem: undefined });
  });
});
