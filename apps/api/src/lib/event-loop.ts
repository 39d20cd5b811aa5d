/**
 * Lets the event loop turn once (answer pending requests, timers, I/O) before the caller goes on: a loop of many
 * database statements or CPU steps awaits this between them. Needed on the embedded PGlite above all: its queries run
 * in this thread and resolve as microtasks, so an `await` of one never lets a request in; only a macrotask does.
 */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
