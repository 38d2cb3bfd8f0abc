// The `fetch` of a one-shot MCP client (`check --url`, `lock --url`): it sends its requests as POSTs and reads each
// answer on the POST's own stream, so it never opens the GET stream a server may use for messages of its own (MCP
// "Transports", Streamable HTTP, "Listening for Messages from the Server"). A GET is answered 405 here, which the
// spec lets a server answer and the SDK's client takes as "no such stream". A server that opens the stream with
// `retry: 0` and closes it at once made the SDK reconnect in a tight loop until the timeout (1,591 GETs in 5 s).

/** `inner`, with every GET answered 405 without reaching the server. */
export function postOnlyFetch(inner: typeof fetch): typeof fetch {
  return (input, init) => {
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    if (method.toUpperCase() === 'GET') return Promise.resolve(new Response(null, { status: 405 }));
    return inner(input, init);
  };
}
