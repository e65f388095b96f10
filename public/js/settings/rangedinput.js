// A number box held to a range: a value outside it is refused where it was typed, with a message
// beside the box, and the box goes back to the last value the session accepted. Only a value in
// range reaches `onValue`, so the server never hears about a refused one.

export class RangedInput {
  // `input`: the box; `message`: the element beside it that says why a value was refused;
  // `range`: { minimum, maximum } (inclusive); `unit`: for the message; `onValue(number)`;
  // `emptyMeans`: what an empty box stands for (then `onValue(null)`), or undefined when it is refused.
  constructor(input, message, { range, unit, onValue, emptyMeans }) {
    this.input = input;
    this.message = message;
    this.range = range;
    this.unit = unit;
    this.emptyMeans = emptyMeans;
    this.lastValid = null;
    this.setRange(range);
    const described = input.getAttribute("aria-describedby");
    input.setAttribute("aria-describedby", described ? `${described} ${message.id}` : message.id);
    input.addEventListener("input", () => this.clearRefusal());
    input.addEventListener("change", () => {
      const value = Number(input.value);
      if (input.value.trim() === "" && emptyMeans !== undefined) {
        this.clearRefusal();
        this.lastValid = null;
        onValue(null);
        return;
      }
      const { minimum, maximum } = this.range ?? {};
      if (input.value.trim() === "" || !Number.isFinite(value) || !this.range || value < minimum || value > maximum) {
        this.refuse(input.value.trim());
        return;
      }
      this.clearRefusal();
      this.lastValid = value;
      onValue(value);
    });
  }

  // The values the box takes from now on: `range` { minimum, maximum } or null when none would be
  // taken, and `reason`, what the range follows from, said when a value is refused ("while a page
  // holds 3 items").
  setRange(range, reason = "") {
    this.range = range;
    this.reason = reason;
    this.input.min = range ? String(range.minimum) : "";
    this.input.max = range ? String(range.maximum) : "";
  }

  // The session's value (null: an empty box), unless the user is typing in the box.
  show(value) {
    this.lastValid = value;
    if (document.activeElement !== this.input) this.input.value = value === null ? "" : String(value);
  }

  refuse(typed) {
    const kept = this.lastValid === null ? (this.emptyMeans ? `; kept ${this.emptyMeans}` : "") : `; kept ${this.lastValid} ${this.unit}`;
    const what = typed === "" ? "An empty value" : `${typed} ${this.unit}`;
    const reason = this.reason ? ` ${this.reason}` : "";
    const allowed = this.range ? `is out of range: ${this.range.minimum}–${this.range.maximum} ${this.unit}` : "cannot be taken: no value fits";
    this.message.textContent = `${what} ${allowed}${reason}${kept}`;
    this.message.hidden = false;
    this.input.setAttribute("aria-invalid", "true");
    this.input.value = this.lastValid === null ? (this.emptyMeans ? "" : this.input.value) : String(this.lastValid);
  }

  clearRefusal() {
    if (this.message.hidden) return;
    this.message.hidden = true;
    this.message.textContent = "";
    this.input.removeAttribute("aria-invalid");
  }
}
