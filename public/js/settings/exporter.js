// Asks the server for the session's configuration as Swift declarations, a `configure` message and a settings file:
// `{"type":"export"}`, answered to this viewer alone with
// `{"type":"export","swift":"...","configure":{...},"settings":{...},"handover":[{target,title,file,code,notes}],
// "images":[{file,source}]}`.

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
    const isObject = (value) => value !== null && typeof value === "object";
    const { swift, configure, settings } = message;
    if (typeof swift !== "string" || !isObject(configure) || !isObject(settings) || !isObject(settings.config)) {
      this.settle(entry, null, new ExportError("bad_message", "The server's export was not understood."));
      return;
    }
    this.settle(entry, { swift, configure, settings, handover: handoverFiles(message.handover), images: handoverImageList(message.images) }, null);
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

// The framework files of an export, each kept only when whole (a server before them sends none).
function handoverFiles(list) {
  if (!Array.isArray(list)) return [];
  const isText = (value) => typeof value === "string";
  return list.filter(
    (file) =>
      file !== null &&
      typeof file === "object" &&
      [file.target, file.title, file.file, file.code].every(isText) &&
      Array.isArray(file.notes) &&
      file.notes.every((note) => note !== null && isText(note.text) && Array.isArray(note.fields) && note.fields.every(isText)),
  );
}

// The images the files name, each kept only when its name stays inside the zip's images/ folder.
function handoverImageList(list) {
  if (!Array.isArray(list)) return [];
  const inFolder = /^images\/[A-Za-z0-9][A-Za-z0-9_.-]*$/;
  return list.filter(
    (image) => image !== null && typeof image === "object" && typeof image.source === "string" && typeof image.file === "string" && inFolder.test(image.file) && !image.file.includes(".."),
  );
}
