// The settings panel: every change is a `configure`; every `config` broadcast (from any viewer)
// updates the fields, so all viewers of a session show the same values.

const RANGE_KEYS = ["inset", "spacing", "decelerationRate", "sideScale"];

export class Controls {
  constructor(form, send, { prefersReducedMotion }) {
    this.form = form;
    this.send = send;
    this.prefersReducedMotion = prefersReducedMotion;
    this.pendingTimers = new Map();

    form.addEventListener("submit", (event) => event.preventDefault());
    form.elements.preset.addEventListener("change", () => {
      const config = { preset: form.elements.preset.value };
      // A viewer who asked for reduced motion does not get auto-scroll by picking a preset.
      if (this.prefersReducedMotion) config.autoscroll = { enabled: false };
      this.send({ type: "configure", config });
    });
    for (const key of RANGE_KEYS) {
      const input = form.elements[key];
      input.addEventListener("input", () => {
        this.showValue(key, Number(input.value));
        this.throttle(key, () => this.send({ type: "configure", config: { [key]: Number(input.value) } }));
      });
    }
    const items = form.elements.items;
    items.addEventListener("input", () => {
      this.showValue("items", Number(items.value));
      this.throttle("items", () => this.send({ type: "configure", itemCount: Number(items.value) }));
    });
    form.elements.autoscroll.addEventListener("change", () => {
      this.send({ type: "configure", config: { autoscroll: { enabled: form.elements.autoscroll.checked } } });
    });
    form.elements.intervalMs.addEventListener("change", () => {
      const value = Number(form.elements.intervalMs.value);
      if (Number.isFinite(value) && value > 0) {
        this.send({ type: "configure", config: { autoscroll: { intervalMs: value } } });
      }
    });
  }

  // Sends at most ten updates a second while a slider moves, and always the final value.
  throttle(key, action) {
    if (this.pendingTimers.has(key)) {
      this.pendingTimers.get(key).action = action;
      return;
    }
    action();
    const entry = { action: null };
    entry.timer = setTimeout(() => {
      this.pendingTimers.delete(key);
      if (entry.action) entry.action();
    }, 100);
    this.pendingTimers.set(key, entry);
  }

  showValue(key, value) {
    const output = this.form.elements[`${key}Out`];
    if (!output) return;
    output.value = key === "decelerationRate" ? value.toFixed(3) : key === "sideScale" ? value.toFixed(2) : String(value);
  }

  update(config, items) {
    const elements = this.form.elements;
    elements.preset.value = config.preset;
    for (const key of RANGE_KEYS) {
      if (document.activeElement !== elements[key] || !this.pendingTimers.has(key)) elements[key].value = config[key];
      this.showValue(key, config[key]);
    }
    // The item counts the server accepts, but a slider with more than 60 stops is too fine to use.
    const itemLimits = config.limits.items;
    elements.items.min = String(itemLimits.minimum);
    elements.items.max = String(Math.min(itemLimits.maximum, 60));
    elements.items.value = items.length;
    this.showValue("items", items.length);
    elements.autoscroll.checked = config.autoscroll.enabled;
    if (document.activeElement !== elements.intervalMs) elements.intervalMs.value = config.autoscroll.intervalMs;
  }
}
