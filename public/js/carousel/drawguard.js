// The page's requestAnimationFrame loops (the carousel, the timeline, the replay player) draw what
// the server, a link or a recording sent. Data they cannot draw must cost one frame, not the loop:
// an exception is caught, the frame is skipped and the next one draws. Each distinct error is said
// once, in the console and in a notice: a broken frame that comes back sixty times a second would
// otherwise flood both.

// Distinct errors said per page; past this many, saying more would only bury the first.
const MAX_REPORTED = 12;
// A notice stays short: an error's message may quote the data that caused it.
const MAX_NOTICE_MESSAGE = 160;

const reported = new Set();
let showNotice = () => {};

// `notice(text)`: how the page shows an error to the viewer (its status bar's notices).
export function reportDrawErrorsTo(notice) {
  showNotice = notice;
}

// Runs `draw()` for the loop named `what` ("carousel", "timeline"); an exception it throws is
// reported, once, and goes no further.
export function drawSafely(what, draw) {
  try {
    draw();
  } catch (error) {
    reportDrawError(what, error);
  }
}

function reportDrawError(what, error) {
  const message = describe(error);
  const key = `${what}\n${message}`;
  if (reported.has(key) || reported.size >= MAX_REPORTED) return;
  reported.add(key);
  console.error(`Could not draw a frame of the ${what} (said once; the next frame draws again): ${message}`, error);
  const short = message.length > MAX_NOTICE_MESSAGE ? `${message.slice(0, MAX_NOTICE_MESSAGE)}…` : message;
  showNotice(`The ${what} could not draw a frame (${short}); it goes on with the next one.`);
}

function describe(error) {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  try {
    return String(error);
  } catch {
    return "a value that is not an Error"; // thrown without a way to turn it into text
  }
}
