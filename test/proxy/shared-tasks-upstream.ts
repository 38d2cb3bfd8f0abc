// A raw Streamable HTTP MCP server (2025-11-25) that keeps one table of tasks for all its sessions, as a server
// that binds tasks to a shared token rather than to a session does: any session may get, cancel, list or fetch the
// result of any task, and a task's status change is sent on every session's GET stream. Its one tool, `job`, is
// always answered with a new task (the proxy forwards no `task`). tasks/list pages `pageSize` tasks at a time
// under a cursor that names the last task of the page, as cursors often do. It records what each session asked.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One task as the server keeps it (MCP 2025-11-25, "Tasks", Data Types: Task). */
interface Task {
  taskId: string;
  status: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttl: number | null;
}

/** One request the server received: its session, method and the task it named. */
export interface Asked {
  readonly session: string | undefined;
  readonly method: string;
  readonly taskId?: unknown;
}

/** The running server. */
export interface SharedTasksUpstream {
  readonly url: string;
  readonly asked: Asked[];
  readonly tasks: Map<string, Task>;
  /** GET streams open (one per proxy session once it initialized). */
  streams(): number;
  close(): void;
}

const read = async (req: IncomingMessage): Promise<string> => {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
};

/** Starts the server on loopback. */
export async function startSharedTasksUpstream(pageSize = 2): Promise<SharedTasksUpstream> {
  const asked: Asked[] = [];
  const tasks = new Map<string, Task>();
  const streams = new Set<ServerResponse>();
  let sessions = 0;
  let made = 0;
  const now = (): string => new Date().toISOString();
  const broadcast = (message: object): void => {
    for (const s of streams) s.write(`data: ${JSON.stringify({ jsonrpc: '2.0', ...message })}\n\n`);
  };
  const answer = (m: { id: unknown; method: string; params?: Record<string, unknown> }): object => {
    const params = m.params ?? {};
    const named = tasks.get(String(params['taskId']));
    const unknown = { error: { code: -32602, message: 'Failed to retrieve task: Task not found' } };
    switch (m.method) {
      case 'initialize': {
        const capabilities = { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } };
        return {
          result: { protocolVersion: '2025-11-25', capabilities, serverInfo: { name: 'shared', version: '1' } },
        };
      }
      case 'tools/list':
        return {
          result: {
            tools: [
              {
                name: 'job',
                inputSchema: { type: 'object' },
                execution: { taskSupport: 'optional' },
                icons: [{ src: 'data:image/png;base64,AA==' }],
              },
            ],
          },
        };
      case 'tools/call': {
        const task = {
          taskId: `task-${++made}`,
          status: 'working',
          createdAt: now(),
          lastUpdatedAt: now(),
          ttl: 60_000,
        };
        tasks.set(task.taskId, task);
        return { result: { task } };
      }
      case 'tasks/get':
        return named === undefined ? unknown : { result: named };
      case 'tasks/cancel':
        if (named === undefined) return unknown;
        Object.assign(named, { status: 'cancelled', lastUpdatedAt: now() });
        broadcast({ method: 'notifications/tasks/status', params: named });
        return { result: named };
      case 'tasks/result': {
        if (named === undefined) return unknown;
        const related = { 'io.modelcontextprotocol/related-task': { taskId: named.taskId } };
        return { result: { content: [{ type: 'text', text: `done ${named.taskId}` }], _meta: related } };
      }
      case 'tasks/list': {
        const all = [...tasks.values()];
        const after = typeof params['cursor'] === 'string' ? params['cursor'].replace(/^after:/, '') : undefined;
        const start = after === undefined ? 0 : all.findIndex((t) => t.taskId === after) + 1;
        const page = all.slice(start, start + pageSize);
        const more = start + pageSize < all.length;
        return { result: { tasks: page, ...(more ? { nextCursor: `after:${page.at(-1)?.taskId}` } : {}) } };
      }
      default:
        return { result: {} };
    }
  };
  const server = createServer(async (req, res) => {
    const session = req.headers['mcp-session-id'] as string | undefined;
    if (req.method === 'DELETE') return void res.writeHead(200).end();
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.flushHeaders();
      streams.add(res);
      res.on('close', () => streams.delete(res));
      return;
    }
    const m = JSON.parse(await read(req)) as { id?: unknown; method?: string; params?: Record<string, unknown> };
    if (m.id === undefined || m.method === undefined) return void res.writeHead(202).end();
    asked.push({ session, method: m.method, taskId: m.params?.['taskId'] });
    const id = m.method === 'initialize' ? `s${++sessions}` : session;
    res.writeHead(200, { 'content-type': 'application/json', ...(id === undefined ? {} : { 'mcp-session-id': id }) });
    res.end(JSON.stringify({ jsonrpc: '2.0', id: m.id, ...answer(m as Parameters<typeof answer>[0]) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    asked,
    tasks,
    streams: () => streams.size,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
