// This viewer's short name, which the session's other viewers see instead of "Viewer 3" (the `name`
// message). Kept in this browser (localStorage) and sent again on every welcome, so it survives a
// reload and a reconnect. The server is the judge of a name: its refusal (an `error` with `ref`
// `name`) is shown beside the field.

const STORAGE_KEY = "carousel-preview.viewer-name";

export class ViewerName {
  constructor(input, error, { send }) {
    Object.assign(this, { input, error, send });
    this.input.value = this.stored();
    this.input.addEventListener("change", () => {
      this.remember(this.input.value.trim());
      this.sendName();
    });
  }

  stored() {
    try {
      return localStorage.getItem(STORAGE_KEY) ?? "";
    } catch {
      return ""; // storage may be off (a private window's policy); the name then lasts this page
    }
  }

  remember(name) {
    try {
      if (name) localStorage.setItem(STORAGE_KEY, name);
      else localStorage.removeItem(STORAGE_KEY);
    } catch {
      // as above: the name is still sent, only not kept
    }
  }

  // A new connection knows no name yet: tell it the one this viewer chose, if any.
  welcome() {
    if (this.input.value.trim()) this.sendName();
  }

  sendName() {
    this.error.hidden = true;
    this.input.removeAttribute("aria-invalid");
    this.send({ type: "name", name: this.input.value.trim() });
  }

  fail(message) {
    this.error.textContent = message.message;
    this.error.hidden = false;
    this.input.setAttribute("aria-invalid", "true");
  }
}
