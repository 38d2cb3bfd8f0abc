// What a 2026-07-28 request must hold and what its results must say (src/mcp/modern.ts), as tables.
import { describe, expect, it } from 'vitest';
import {
  completeResult,
  discoverResult,
  envelopeProblem,
  logPasses,
  modernResultMembers,
  withoutEnvelope,
} from '../../src/mcp/modern.js';

const V = 'io.modelcontextprotocol/protocolVersion';
const C = 'io.modelcontextprotocol/clientCapabilities';
const I = 'io.modelcontextprotocol/clientInfo';

describe('the per-request envelope', () => {
  it.each([
    [{ _meta: { [V]: '2026-07-28', [C]: {} } }, undefined],
    [{ _meta: { [V]: '2026-07-28', [C]: {}, [I]: { name: 'c', version: '1' } } }, undefined],
    [{}, 'params._meta is required'],
    [{ _meta: { [C]: {} } }, 'protocolVersion'],
    [{ _meta: { [V]: '2026-07-28' } }, 'clientCapabilities'],
    [{ _meta: { [V]: '2026-07-28', [C]: [] } }, 'clientCapabilities'],
    [{ _meta: { [V]: '2026-07-28', [C]: {}, [I]: { name: 'c' } } }, 'clientInfo'],
  ])('%j: %s', (params, problem) => {
    const why = envelopeProblem(params);
    if (problem === undefined) expect(why).toBeUndefined();
    else expect(why).toContain(problem);
  });

  it('is left out of what reaches a server of an earlier revision, the rest of _meta kept', () => {
    const params = { name: 't', _meta: { [V]: '2026-07-28', [C]: {}, [I]: {}, progressToken: 7 } };
    expect(withoutEnvelope(params)).toEqual({ name: 't', _meta: { progressToken: 7 } });
    expect(withoutEnvelope({ name: 't', _meta: { [V]: '2026-07-28', [C]: {} } })).toEqual({ name: 't' });
  });
});

describe('results for a 2026-07-28 client', () => {
  it('are complete, and never cached when cacheable', () => {
    expect(completeResult('tools/call', { content: [] })).toEqual({ content: [], resultType: 'complete' });
    expect(completeResult('resources/read', { contents: [] })).toEqual({
      contents: [],
      resultType: 'complete',
      ttlMs: 0,
      cacheScope: 'private',
    });
  });

  it("carry no caching hints of the server's where the revision has none", () => {
    const hinted = { ttlMs: 86_400_000, cacheScope: 'public' };
    expect(completeResult('tools/call', { content: [], ...hinted })).toEqual({ content: [], resultType: 'complete' });
    expect(completeResult('completion/complete', { completion: { values: [] }, ...hinted })).toEqual({
      completion: { values: [] },
      resultType: 'complete',
    });
    expect(completeResult('prompts/list', { prompts: [], ...hinted })).toEqual({
      prompts: [],
      resultType: 'complete',
      ttlMs: 0,
      cacheScope: 'private',
    });
  });

  it.each([
    [{ content: [] }, []],
    [{ content: [], resultType: 'complete' }, ['resultType']],
    [{ inputRequests: {}, requestState: 's' }, ['inputRequests', 'requestState']],
  ])('%j holds the modern members %j', (result, members) => {
    expect(modernResultMembers(result)).toEqual(members);
  });

  it('discover names the server and the capabilities this revision has, without subscriptions', () => {
    const init = {
      protocolVersion: '2025-11-25',
      serverInfo: { name: 's', version: '1' },
      instructions: 'use it',
      capabilities: { tools: { listChanged: true }, resources: { subscribe: true }, logging: {}, tasks: {} },
    };
    expect(discoverResult(init)).toEqual({
      resultType: 'complete',
      supportedVersions: ['2026-07-28'],
      capabilities: { tools: {}, resources: {} },
      instructions: 'use it',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '1' } },
      ttlMs: 0,
      cacheScope: 'private',
    });
  });
});

describe('log messages for a 2026-07-28 request', () => {
  it.each([
    [undefined, 'info', false],
    ['info', 'info', true],
    ['info', 'error', true],
    ['warning', 'info', false],
    ['debug', 'nonsense', false],
    ['loud', 'error', false],
  ])('asked for %j, a message of %j passes: %s', (asked, level, passes) => {
    expect(logPasses(asked, level)).toBe(passes);
  });
});
