// Viewers named the same way everywhere: the event log, the timeline's gesture marks and the
// status bar say who ("you", "client 3") and with what ("touch"), as the frames' `input` and the
// `viewers` message tell it.

const INPUTS = new Set(["mouse", "touch", "pen"]);

// The browser's PointerEvent.pointerType when the protocol knows it (a browser may say "" for a
// device it cannot tell), else undefined: the message then leaves the field out.
export const knownPointerType = (type) => (INPUTS.has(type) ? type : undefined);

// "you", "client 3", or "a viewer" when the frame names no client.
export function viewerName(client, ownClient) {
  if (client === null || client === undefined) return "a viewer";
  return client === ownClient ? "you" : `client ${client}`;
}

// "client 3 (touch)", "you (mouse)", or just the name when the input did not say.
export function viewerWithInput(client, input, ownClient) {
  const name = viewerName(client, ownClient);
  return input ? `${name} (${input})` : name;
}

// A frame's dragger for a gesture mark: "client 3, touch", or "client 3".
export function gestureMark(input) {
  if (!input) return "";
  return input.pointerType ? `client ${input.client}, ${input.pointerType}` : `client ${input.client}`;
}
