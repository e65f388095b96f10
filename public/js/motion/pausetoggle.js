// The timeline's Pause/Resume button: its name says what a press will do ("Pause timeline" while
// the timeline runs, "Resume timeline" while it is paused), rendered from the timeline's own state
// on every change, so a replay, Slow-mo or a reconnect that pauses or resumes it can never leave
// the button saying the opposite. (A toggle whose name changes carries no aria-pressed.)

export function attachPauseToggle(button, timeline, onPress) {
  const icon = button.querySelector(".pause-icon");
  const label = document.createElement("span");
  label.className = "pause-label";
  button.replaceChildren(...(icon ? [icon] : []), label);
  button.removeAttribute("aria-pressed");
  timeline.onPausedChange((paused) => {
    label.textContent = paused ? "Resume timeline" : "Pause timeline";
    button.classList.toggle("paused", paused);
  });
  button.addEventListener("click", onPress);
}
