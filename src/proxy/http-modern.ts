// What a 2026-07-28 request over `--listen` must be before the relay sees it (MCP 2026-07-28, Streamable HTTP,
// "Request Metadata" and "Server Validation"): a request (this revision defines no client notification over HTTP,
// and a client sends no responses), with the routing headers present (they are compared with the body before,
// src/mcp/routing-headers.ts), a well-formed `_meta` envelope, a revision toolgate serves and a method the revision
// defines. Each refusal has the status the transport gives it: 400, and 404 with -32601 for an unknown method.
import type { IncomingMessage } from 'node:http';
import type { RpcMessage } from '../mcp/channel.js';
import { isSpecMethod } from '../mcp/methods.js';
import { claimedVersion, envelopeProblem, statelessRevision, unsupportedVersion } from '../mcp/modern.js';
import { RPC } from '../mcp/peer.js';
import { HEADER_MISMATCH, missingHeader } from '../mcp/routing-headers.js';
import { clip } from '../util/describe-value.js';
import { revisionOf } from '../mcp/versions.js';
import { UNSERVED } from './modern-requests.js';

/** A refusal of a modern request: its HTTP status and JSON-RPC error. */
export interface ModernRefusal {
  readonly status: number;
  readonly code: number;
  readonly message: string;
  readonly data?: object;
}

/**
 * Whether a POST is a 2026-07-28 one: its `MCP-Protocol-Version` header names a stateless revision, or its body's
 * `_meta` names a revision that is not one of initialize (unknown ones included: they are answered as this revision
 * answers them).
 */
export function isModernPost(req: IncomingMessage, m: RpcMessage): boolean {
  const header = req.headers['mcp-protocol-version'];
  if (typeof header === 'string' && statelessRevision(header) !== undefined) return true;
  const claimed = claimedVersion(m.params);
  return claimed !== undefined && revisionOf(claimed)?.era !== 'initialize';
}

/** Why the modern POST `m` is not served, or undefined; 'accepted' for a notification (202, dropped). */
export function modernRefusal(req: IncomingMessage, m: RpcMessage): ModernRefusal | 'accepted' | undefined {
  if (typeof m.method !== 'string')
    return { status: 400, code: RPC.invalidRequest, message: 'Invalid Request: a client sends no responses here' };
  if (m.id === undefined || m.id === null) return 'accepted';
  const missing = missingHeader(req, m);
  if (missing !== undefined)
    return { status: 400, code: HEADER_MISMATCH, message: `Header mismatch: the ${missing} header is required` };
  const problem = envelopeProblem(m.params);
  if (problem !== undefined) return { status: 400, code: RPC.invalidParams, message: `Invalid params: ${problem}` };
  const version = claimedVersion(m.params) as string;
  if (statelessRevision(version) === undefined) return { status: 400, ...unsupportedVersion(clip(version, 40)) };
  if (!isSpecMethod(m.method, 'client', version) || m.method.startsWith('notifications/') || UNSERVED.has(m.method))
    return {
      status: 404,
      code: RPC.methodNotFound,
      message: `Method not found: ${JSON.stringify(clip(m.method, 80))} (MCP ${version})`,
    };
  return undefined;
}
