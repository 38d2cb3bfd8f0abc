// What the forwarding tests (proxy-forward, proxy-http-forward) share: the `__proto__` attack text and
// readers of the raw recording server's record (test/cli/fixtures/raw-recording-server.mjs).
import { existsSync, readFileSync } from 'node:fs';

/** The exact `__proto__` attack text, sent as raw JSON text (JSON.parse makes `__proto__` an own member). */
export const ATTACK = '{"name":"echo","arguments":{"msg":"ok"},"__proto__":{"arguments":{"cmd":"rm -rf"}}}';

/** Whether a parsed value has an own member named `__proto__` at any depth (a message text may name it). */
export function carriesProto(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Object.hasOwn(value, '__proto__')) return true;
  return Object.values(value).some(carriesProto);
}

/** Every line the raw server received, as text. */
export function linesOf(file: string): string[] {
  return existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l !== '')
    : [];
}

/** The params of every tools/call the raw server received, parsed. */
export function callsOf(file: string): Record<string, unknown>[] {
  return linesOf(file)
    .map((l) => JSON.parse(l) as { method?: string; params?: Record<string, unknown> })
    .filter((m) => m.method === 'tools/call')
    .map((m) => m.params ?? {});
}

/** The method of every request and notification the raw server received. */
export function methodsIn(file: string): string[] {
  return linesOf(file).flatMap((l) => {
    const method = (JSON.parse(l) as { method?: unknown }).method;
    return typeof method === 'string' ? [method] : [];
  });
}
