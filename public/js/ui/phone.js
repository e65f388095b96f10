// "Open on a phone": a dialog with a QR code of this session's link on the server's network
// address (the server draws the code: GET /qr.svg?text=...), so a phone on the same network joins
// the same carousel and can drag it by touch, in the true-size view unless the full tool is asked for. On a server that listens on loopback only, the same
// place says how to start it for phones, and links this session's true-size view in a new tab of
// this browser (its developer tools' device mode then shows it as a phone would).

import { phoneURL } from "../session/access.js";
import { inDeviceView } from "./deviceview.js";

export class PhoneDialog {
  // `parts`: the dialog's elements (the composition root finds them); `shareLink()`: this page's
  // current share link; `access()`: what /access said (or null).
  constructor({ button, dialog, parts, shareLink, access }) {
    this.button = button;
    this.dialog = dialog;
    this.shareLink = shareLink;
    this.access = access;
    const { image, url, address, trueSize, reachable, unreachable, tokenNote, close } = parts;
    Object.assign(this, { image, url, address, trueSize, reachable, unreachable, tokenNote });
    this.deviceLink = unreachable.querySelector("#phone-device-link");
    trueSize.addEventListener("change", () => this.show());
    button.addEventListener("click", () => this.open());
    close.addEventListener("click", () => dialog.close());
    this.address.addEventListener("change", () => this.show());
  }

  open() {
    const access = this.access();
    const addresses = access && access.beyondLoopback ? access.network : [];
    this.reachable.hidden = addresses.length === 0;
    this.unreachable.hidden = addresses.length > 0;
    // This moment's carousel, as the phone's link would open it, on this computer.
    if (addresses.length === 0) this.deviceLink.href = inDeviceView(this.shareLink());
    if (addresses.length > 0) {
      const chosen = this.address.value;
      this.address.replaceChildren(
        ...addresses.map((url) => {
          const option = document.createElement("option");
          option.value = url;
          option.textContent = new URL(url).host;
          return option;
        }),
      );
      if (addresses.includes(chosen)) this.address.value = chosen;
      this.address.parentElement.hidden = addresses.length < 2;
      this.tokenNote.hidden = !access.tokenRequired;
      this.show();
    }
    this.dialog.showModal();
  }

  // The code and the link for the chosen address, with this moment's share link.
  show() {
    // The phone opens the true-size view (deviceview.js) unless the full tool is asked for.
    const link = this.trueSize.checked ? inDeviceView(this.shareLink()) : this.shareLink();
    const url = phoneURL(link, this.address.value, this.access());
    this.url.textContent = url;
    this.url.href = url;
    this.image.src = `/qr.svg?text=${encodeURIComponent(url)}`;
    this.dialog.dataset.url = url;
  }
}
