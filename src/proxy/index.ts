// `toolgate/proxy`: the proxy as a library. startProxy runs it; readProxyOptions checks options without starting.
export type { ProxyListen } from './listen-options.js';
export { readProxyOptions, type ProxyOptions, type ProxyUpstream } from './options.js';
export type { ProxyExit } from './exit.js';
export { PROXY_DEFAULTS, type ProxySettings } from './settings.js';
export {
  createProxyHandler,
  type NodeRequest,
  type NodeResponse,
  type ProxyHandle,
  type ProxyRequestHandler,
  startProxy,
} from './start.js';
