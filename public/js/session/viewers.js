// Viewers named the same way everywhere: the event log, the timeline's gesture marks and the
// status bar say who ("you", "Ana", "Viewer 3") and with what ("touch"), as the frames' `input`,
// the `config`'s `by` and the `viewers` message tell it. A viewer's short name is its own choice
// (the `name` message), shown to the others; the server holds it to printable text, and the page
// only ever sets it as text.

const INPUTS = new Set(["mouse", "touch", "pen"]);

// The browser's PointerEvent.pointerType when the protocol knows it (a browser may say "" for a
// device it cannot tell), else undefined: the message then leaves the field out.
export const knownPointerType = (type) => (INPUTS.has(type) ? type : undefined);

// Who watches the session, from its latest `viewers` message: each client's name and last input.
export class Roster {
  constructor() {
    this.viewers = new Map();
  }

  update(listed = []) {
    this.viewers = new Map(listed.map((viewer) => [viewer.client, viewer]));
  }

  nameOf(client) {
    return this.viewers.get(client)?.name;
  }

  inputOf(client) {
    return this.viewers.get(client)?.input ?? undefined;
  }
}

// "you", "Ana" (a name the viewer gave itself), "Viewer 3", or "a viewer" when the frame names no
// client. A recording's clients are its own: pass no roster for them.
export function viewerName(client, ownClient, roster = null) {
  if (client === null || client === undefined) return "a viewer";
  if (client === ownClient) return "you";
  return roster?.nameOf(client) ?? `Viewer ${client}`;
}

// "Viewer 3 (touch)", "you (mouse)", or just the name when the input did not say.
export function viewerWithInput(client, input, ownClient, roster = null) {
  const name = viewerName(client, ownClient, roster);
  return input ? `${name} (${input})` : name;
}

// A frame's dragger for a gesture mark: "Viewer 3, touch", or "Viewer 3".
export function gestureMark(input) {
  if (!input) return "";
  const device = input.wheel ? "wheel" : input.pointerType;
  return device ? `Viewer ${input.client}, ${device}` : `Viewer ${input.client}`;
}
