// How a proxy run ends, in a file of its own: startProxy's handle (public) names it, and the run's wiring
// (io.ts: streams, the admission report) stays out of the declarations a consumer of `toolgate/proxy` reads.

/** How a proxy run ended: 0 the client hung up or the proxy was told to stop, 1 a failure, 2 a usage error. */
export type ProxyExit = 0 | 1 | 2;
