// `toolgate/proxy`: the proxy as a library. startProxy runs it; readProxyOptions checks options without starting.
export { readProxyOptions, type ProxyListen, type ProxyOptions, type ProxyUpstream } from './options.js';
export { PROXY_DEFAULTS } from './settings.js';
export {
  createProxyHandler,
  type NodeRequest,
  type NodeResponse,
  type ProxyHandle,
  type ProxyRequestHandler,
  startProxy,
} from './start.js';
