// The `fetch` the MCP SDK's HTTP client transport is given when toolgate reaches a server with it (`check --url`,
// `lock --url`): each response's body is read through a count, and one past `maxBytes` fails the read, as the
// SDK's stdio transport fails a line past 10 MiB. Without it, a server answering with a body that never ends
// would fill toolgate's memory until the timeout (3.2 GB in 31 s measured).

/** Most bytes of one response body: the stdio transport's line bound, so both transports hold the same. */
export const MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

/** `fetch`, each response's body cut off with an error past `maxBytes`. */
export function cappedFetch(maxBytes = MAX_RESPONSE_BYTES): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (response.body === null) return response;
    let seen = 0;
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > maxBytes) controller.error(new Error(`the server's response is longer than ${maxBytes} bytes`));
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(counted, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
