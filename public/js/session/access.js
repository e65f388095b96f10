// How this page may be shared: GET /access says whether the server needs its access token (and
// what it is: the page cannot read its HttpOnly cookie), whether it listens beyond loopback and at
// which network addresses. The token that opened the page is taken out of the address bar, so a
// screenshot, a bookmark or the browser's history does not carry it.

// Removes `token` from the address bar; returns whether there was one.
export function dropTokenFromAddress() {
  const url = new URL(location.href);
  if (!url.searchParams.has("token")) return false;
  url.searchParams.delete("token");
  history.replaceState(history.state, "", url.href);
  return true;
}

// { tokenRequired, token, beyondLoopback, local, network: [url] }, or null when it cannot be read
// (the page then shares links without a token, as a loopback server does).
export async function loadAccess() {
  try {
    const response = await fetch("/access", { cache: "no-store", credentials: "same-origin" });
    if (!response.ok) return null;
    return await response.json();
  } catch {
    return null;
  }
}

// What /access said, once it has answered (null until then, or when it cannot be read); the
// settings panel says next to "Copy link" when a link carries the token.
export class ServerAccess {
  constructor() {
    this.answer = null;
    loadAccess().then((answer) => {
      this.answer = answer;
      document.getElementById("copy-link-note").hidden = !(answer && answer.tokenRequired);
    });
  }
}

// `url` with the token in its query when the server needs one: the link opens the page for
// whoever gets it, so it is a key.
export function withToken(url, access) {
  if (!access || !access.tokenRequired || !access.token) return url;
  const address = new URL(url);
  address.searchParams.set("token", access.token);
  return address.href;
}

// The link a phone opens: this page's share link on a network address of the server (the
// address a phone on the same network can reach), with the token.
export function phoneURL(shareLink, networkBase, access) {
  const share = new URL(shareLink);
  const address = new URL(networkBase);
  address.pathname = share.pathname;
  address.search = share.search;
  return withToken(address.href, access);
}
