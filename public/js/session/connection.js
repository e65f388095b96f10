// The WebSocket to the preview server: reconnects with backoff, numbers input messages and
// measures how long each takes to come back as a frame (the frame's `input.seq` echo).

import { SCHEMA } from "../generated/schema.js";

// The messages whose frame echoes their `seq` (the server's schema says which).
const INPUT_TYPES = new Set(SCHEMA.messages.filter((kind) => kind.carriesSeq).map((kind) => kind.type));
// Latency is what a user feels: their gestures and buttons, not housekeeping sent while the page loads.
const MEASURED_TYPES = new Set(["pointer", "command"]);

export class Connection {
  // `query()`: the query to connect with, asked afresh at each (re)connection.
  constructor(query, handlers) {
    this.query = query;
    this.handlers = handlers; // { onMessage(message, text), onState(state, detail) }
    this.socket = null;
    this.seq = 0;
    this.sentAt = new Map();
    this.client = null;
    // While a replay plays, frames are the recording's: their `input` names the recorded viewers,
    // one of whom may have had this viewer's client number.
    this.replaying = false;
    this.backoff = 500;
    this.reconnectTimer = null;
  }

  get url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    return `${scheme}://${location.host}/ws?${this.query()}`;
  }

  connect() {
    clearTimeout(this.reconnectTimer);
    this.handlers.onState("connecting");
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.backoff = 500;
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      this.receive(message, event.data);
    });
    socket.addEventListener("close", () => {
      if (this.socket !== socket) return;
      this.socket = null;
      const delay = this.backoff;
      this.backoff = Math.min(this.backoff * 2, 8000);
      this.handlers.onState("offline", delay);
      this.reconnectTimer = setTimeout(() => this.connect(), delay);
    });
  }

  // One message from the server (`text` as it came: a recording is saved as the server wrote it).
  receive(message, text) {
    if (message.type === "welcome") {
      this.client = message.client;
      this.sentAt.clear();
      this.replaying = false; // a replay under way says so with its own `started`
      this.handlers.onState("live");
    }
    if (message.type === "replay" && message.state) this.replaying = message.state === "started";
    if (message.type === "frame" && !this.replaying) this.measure(message);
    this.handlers.onMessage(message, text);
  }

  get isOpen() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  // Sends bytes as one binary message (a part of an image being uploaded).
  sendBytes(bytes) {
    if (!this.isOpen) return false;
    this.socket.send(bytes);
    return true;
  }

  // Sends a message; input messages get a `seq` whose echo measures input-to-frame latency.
  send(message) {
    if (!this.isOpen) return false;
    if (INPUT_TYPES.has(message.type)) {
      this.seq += 1;
      message = { ...message, seq: this.seq };
      if (MEASURED_TYPES.has(message.type)) this.sentAt.set(this.seq, performance.now());
    }
    this.socket.send(JSON.stringify(message));
    return true;
  }

  measure(frame) {
    const input = frame.input;
    if (!input || input.client !== this.client || input.seq == null) return;
    const sent = this.sentAt.get(input.seq);
    // Older inputs folded into this frame are answered by it too.
    for (const seq of [...this.sentAt.keys()]) if (seq <= input.seq) this.sentAt.delete(seq);
    if (sent !== undefined && this.handlers.onLatency) this.handlers.onLatency(performance.now() - sent);
  }
}
