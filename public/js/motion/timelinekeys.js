// The timeline by keyboard (the canvas takes focus): ← and → step the cursor one frame (with Shift,
// ten), Home and End go to the first and last frame kept, + and − zoom in and out around the
// cursor, 0 shows the whole history and Escape goes back to live. Stepping pauses the picture
// and pans it to keep the cursor in view. A frame is any series' (Compare steps through both).

// `timeline`: timeline.js's; `readout`: its Readout.
export function attachKeys(timeline, readout) {
  const canvas = timeline.canvas;
  canvas.tabIndex = 0;
  canvas.setAttribute("aria-keyshortcuts", "ArrowLeft ArrowRight Home End + - 0 Escape");
  canvas.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const action = keyAction(event.key, event.shiftKey);
    if (!action) return;
    event.preventDefault();
    if (action === "live") timeline.paused = false;
    else if (action === "in") timeline.zoomBy(2);
    else if (action === "out") timeline.zoomBy(0.5);
    else if (action === "all") timeline.showAll();
    else {
      const wall = cursorAfter(timeline, action);
      if (wall !== null) timeline.pin(wall);
    }
    readout.show(true);
  });
}

// With Shift an arrow steps ten frames (a sixth of a second at 60 a second).
function keyAction(key, shift) {
  const frames = shift ? 10 : 1;
  if (key === "ArrowLeft") return { steps: -frames };
  if (key === "ArrowRight") return { steps: frames };
  if (key === "Home") return { edge: "first" };
  if (key === "End") return { edge: "last" };
  if (key === "+" || key === "=") return "in";
  if (key === "-" || key === "_") return "out";
  if (key === "0") return "all";
  if (key === "Escape") return "live";
  return null;
}

// Where a cursor `action` puts the cursor (a frame's wall time), or null with no frame to go to.
// With no cursor yet, a step starts from the picture's right edge (left) or left edge (right).
export function cursorAfter(timeline, { steps = 0, edge = null }) {
  const walls = frameWalls(timeline.series);
  if (walls.length === 0) return null;
  if (edge === "first") return walls[0];
  if (edge === "last") return walls[walls.length - 1];
  const span = timeline.drawnSpan;
  let from = timeline.pinnedWall;
  if (from === null) from = steps < 0 ? span.end + 1e-6 : span.start - 1e-6;
  // The frame `steps` away (the nearest one on that side is the first step), held at the ends.
  const index = steps < 0 ? lastBefore(walls, from) + steps + 1 : firstAfter(walls, from) + steps - 1;
  return walls[Math.min(Math.max(index, 0), walls.length - 1)];
}

// Every series' frames' wall times, in order, each once.
function frameWalls(allSeries) {
  const walls = [];
  for (const series of allSeries) {
    for (let i = 0; i < series.length; i++) walls.push(series.wall(series.time[series.at(i)]));
  }
  walls.sort((a, b) => a - b);
  return walls.filter((wall, i) => i === 0 || wall !== walls[i - 1]);
}

const lastBefore = (walls, wall) => {
  let i = walls.length - 1;
  while (i >= 0 && walls[i] >= wall) i -= 1;
  return i;
};

const firstAfter = (walls, wall) => {
  let i = 0;
  while (i < walls.length && walls[i] <= wall) i += 1;
  return i;
};
