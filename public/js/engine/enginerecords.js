// The records the page's engine module takes and writes (docs/reference/engine-abi.md), built from
// the schema alone: a configuration is the layout, then each schema field in the schema's order;
// a frame is read back into the object the server's `frame` message carries, so the renderer
// draws either without knowing which.

import { SCHEMA } from "../generated/schema.js";

const RECORDS = SCHEMA.engineRecords;

// A configuration as the server sends it (`config`), as the engine's 216-byte record.
export function configurationRecord(config) {
  const view = new DataView(new ArrayBuffer(RECORDS.configurationBytes));
  let offset = 0;
  const put = (value) => {
    view.setFloat64(offset, value, true);
    offset += 8;
  };
  put(SCHEMA.layouts.indexOf(config.layout));
  for (const field of SCHEMA.fields) {
    const value = field.path.reduce((object, key) => (object == null ? undefined : object[key]), config);
    if (field.type === "choice") put(field.choices.indexOf(value));
    else if (field.type === "boolean") put(value ? 1 : 0);
    else if (field.type === "number-or-null") {
      put(value == null ? 0 : 1);
      put(value == null ? 0 : value);
    } else put(typeof value === "number" ? value : NaN);
  }
  return new Uint8Array(view.buffer);
}

// The session's items (`items`, as the server sends them): each id, kind and card length.
export function itemsRecord(items) {
  const encoder = new TextEncoder();
  const parts = items.map((item) => ({
    id: encoder.encode(String(item.id)),
    kind: encoder.encode(item.kind ?? "card"),
    length: typeof item.height === "number" ? item.height : null,
  }));
  const size = 4 + parts.reduce((sum, part) => sum + 20 + part.id.length + part.kind.length, 0);
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  let offset = 0;
  const text = (encoded) => {
    view.setUint32(offset, encoded.length, true);
    bytes.set(encoded, offset + 4);
    offset += 4 + encoded.length;
  };
  view.setUint32(offset, parts.length, true);
  offset += 4;
  for (const part of parts) {
    text(part.id);
    text(part.kind);
    view.setUint32(offset, part.length === null ? 0 : 1, true);
    view.setFloat64(offset + 4, part.length ?? 0, true);
    offset += 12;
  }
  return bytes;
}

// The kinds in order of first appearance: a frame's slot names its kind by position.
export function kindsOf(items) {
  const kinds = [];
  for (const item of items) {
    const kind = item.kind ?? "card";
    if (!kinds.includes(kind)) kinds.push(kind);
  }
  return kinds;
}

// A frame record as the members of a server `frame` (without `seq`, `time` and `input`, which are
// the session's, not the engine's).
export function readFrame(view, kinds) {
  const int = (offset) => view.getInt32(offset, true);
  const double = (offset) => view.getFloat64(offset, true);
  const targetIndex = int(40);
  const pageIndex = int(44);
  const state = RECORDS.autoScrollStates[int(60)];
  const reasons = int(64);
  const remainingMs = Number(view.getBigInt64(72, true)) * 1000 + Number(view.getBigInt64(80, true)) / 1e15;
  const frame = {
    phase: RECORDS.phases[int(12)],
    index: int(4),
    count: int(8),
    position: double(16),
    offset: double(24),
    velocity: double(32),
    target: targetIndex < 0 ? null : { index: targetIndex, offset: double(48) },
    slots: [],
    autoscroll: {
      state,
      pausedBy: RECORDS.pauseReasons.filter((_, bit) => reasons & (1 << bit)),
      remainingMs: state === "stopped" ? null : remainingMs,
    },
    events: [],
  };
  if (pageIndex >= 0) frame.page = { index: pageIndex, count: int(56) };
  let offset = RECORDS.frameHeadBytes;
  for (let slot = 0; slot < int(68); slot++, offset += RECORDS.slotBytes) {
    const item = int(offset + 4);
    const kind = int(offset + 8);
    const drawn = {
      id: int(offset),
      item: item < 0 ? null : item,
      x: double(offset + 16),
      y: double(offset + 24),
      width: double(offset + 32),
      height: double(offset + 40),
      scale: double(offset + 48),
    };
    if (kind >= 0) drawn.kind = kinds[kind];
    frame.slots.push(drawn);
  }
  for (let event = 0; event < int(88); event++, offset += RECORDS.eventBytes) {
    const type = RECORDS.events[int(offset)];
    const entry = { type, index: int(offset + 4) };
    if (type === "pageChanged") entry.previous = int(offset + 8);
    frame.events.push(entry);
  }
  return frame;
}
