// Asks the server for the session's configuration as Swift source and as a `configure` message:
// `{"type":"export"}`, answered to this viewer alone with
// `{"type":"export","swift":"...","configure":{"type":"configure","config":{...}}}`.

const TIMEOUT_MS = 3000;

export class ExportError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

export class Exporter {
  constructor(send) {
    this.send = send;
    this.waiting = [];
  }

  // Each welcome: answers to requests sent on an earlier connection will not come.
  reset() {
    for (const entry of this.waiting.splice(0)) this.settle(entry, null, new ExportError("offline", "The connection was lost."));
  }

  request() {
    return new Promise((resolve, reject) => {
      if (!this.send({ type: "export" })) {
        reject(new ExportError("offline", "Not connected to the server."));
        return;
      }
      const entry = { resolve, reject, done: false };
      // A timed-out entry stays queued: the server answers in order, and its late answer is its own.
      entry.timer = setTimeout(() => this.settle(entry, null, new ExportError("timeout", "The server did not answer.")), TIMEOUT_MS);
      this.waiting.push(entry);
    });
  }

  // An `export` message.
  receive(message) {
    const entry = this.waiting.shift();
    if (!entry) return;
    const configure = message.configure;
    const isValid =
      typeof message.swift === "string" &&
      configure !== null && typeof configure === "object" &&
      configure.type === "configure" && configure.config !== null && typeof configure.config === "object";
    if (!isValid) {
      this.settle(entry, null, new ExportError("bad_message", "The server's export was not understood."));
      return;
    }
    this.settle(entry, { swift: message.swift, configure }, null);
  }

  // An `error` whose `ref` is "export".
  fail(error) {
    const entry = this.waiting.shift();
    if (entry) this.settle(entry, null, new ExportError(error.code, error.message));
  }

  settle(entry, value, error) {
    clearTimeout(entry.timer);
    if (entry.done) return;
    entry.done = true;
    if (error) entry.reject(error);
    else entry.resolve(value);
  }
}
