// A request body passed on to the next hop (main.ts → a function's process → the function).
//
// Once the receiver has answered, stop() reads what it left of the body and drops it, and
// `rest` resolves when the body has been read to its end: Deno 2.1.4 closes a connection
// whose request body is left unread when the response is done, while the sender may still be
// sending it.

export interface Forwarded {
  stream: ReadableStream<Uint8Array> | null;
  stop: () => void;
  rest: Promise<void>;
}

export function forwarded(body: ReadableStream<Uint8Array> | null): Forwarded {
  if (!body) return { stream: null, stop: () => undefined, rest: Promise.resolve() };
  const reader = body.getReader();
  let stopped = false;
  let ended = false;
  let end: () => void = () => undefined;
  const rest = new Promise<void>((resolve) => (end = resolve));
  const finish = () => {
    ended = true;
    end();
  };
  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (ended) return;
    void (async () => {
      try {
        while (!(await reader.read()).done) {
          // dropped
        }
      } catch {
        // the sender went away: nothing more to read
      }
      finish();
    })();
  };
  const stream = relay(reader, finish, stop, () => stopped);
  return { stream, stop, rest };
}

/**
 * A stream of what `reader` reads, for the next hop: `settled` runs when the reading ends or
 * fails, `cancel` when the consumer cancels, and nothing more is read once `stopped()` is true.
 */
export function relay(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  settled: () => void,
  cancel: (reason?: unknown) => void | Promise<void>,
  stopped: () => boolean = () => false,
): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (stopped()) return;
      try {
        const { done, value } = await reader.read();
        if (done) {
          settled();
          controller.close();
        } else {
          controller.enqueue(value);
        }
      } catch (error) {
        settled();
        controller.error(error);
      }
    },
    cancel,
  });
}
