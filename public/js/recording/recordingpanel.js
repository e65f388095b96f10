// The recorder row: Record, the replays of a recording at full and quarter speed, "Slow-mo last
// gesture", opening a saved file and dropping one on the carousel. The recorder hands each
// recording to the replayer, and the replayer offers a recording it opened for download; a file
// that is not a recording goes to `openOther` (a settings file: settingsfile.js).

import { AnimationDownload } from "./animation.js";
import { Recorder } from "./recorder.js";
import { Replayer } from "./replay.js";

// `send(message)`: to the session; `notice` and `announce`: the status bar's; `session`: its name
// (a saved recording is named after it).
// `openImages(files)`: images dropped on the carousel (the item editor adds them as items).
// `imageURL(image)`: where the session serves an image named `media:HASH` (a drawn animation).
export function recordingPanel({ send, notice, announce, session, openOther, openImages, imageURL }) {
  const element = (id) => document.getElementById(id);
  const recorder = new Recorder({
    button: element("record"),
    label: element("record-label"),
    time: element("record-time"),
    download: element("record-download"),
    send,
    notice,
    announce,
    session,
    onRecording: (text) => {
      replayer.setRecording(text);
      animation.setRecording(text);
    },
  });
  const replayer = new Replayer({
    buttons: [
      { element: element("replay"), speed: 1 },
      { element: element("replay-slow"), speed: 0.25 },
    ],
    gestureButtons: [{ element: element("slow-mo"), speed: 0.25 }],
    status: element("replay-status"),
    recordButton: element("record"),
    fileInput: element("open-recording"),
    dropTarget: element("device"),
    ghost: element("ghost"),
    send,
    notice,
    announce,
    onRecording: (text, fileName) => {
      recorder.offer(text, fileName);
      animation.setRecording(text);
    },
    openOther,
    openImages,
  });
  const animation = new AnimationDownload({
    button: element("record-animation"),
    format: element("record-animation-format"),
    send,
    notice,
    announce,
    imageURL,
    session,
  });
  return { recorder, replayer, animation };
}
