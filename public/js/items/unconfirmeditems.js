// The items this viewer changed that the session has not yet said back. Each edit is built on the
// last one, not on the session's list: a title changed and then a price, both within one round trip,
// must both stay (the price's change once went out built on the old title and undid it). The
// session's own list is shown again once it has said back every change this viewer sent, or when it
// refused one. Pure: no DOM, no I/O.

export class UnconfirmedItems {
  constructor() {
    // Each change sent and not yet said back, oldest first, as the JSON it went out as.
    this.pending = [];
    this.latest = null;
  }

  get isEmpty() {
    return this.pending.length === 0;
  }

  // `items` went out as the session's: edits from now on build on them.
  sent(items) {
    this.pending.push(JSON.stringify(items));
    this.latest = items;
  }

  // The items to show and edit, given the session's `items`: the session's, once every change sent
  // has come back; this viewer's latest change until then. The session says back a change by
  // sending its list, which also says back every older one (they reached it first).
  current(items) {
    if (this.isEmpty) return items;
    const said = this.pending.indexOf(JSON.stringify(items));
    if (said >= 0) this.pending.splice(0, said + 1);
    if (this.isEmpty) this.latest = null;
    return this.isEmpty ? items : this.latest;
  }

  // The session refused a change (or this viewer joined again): what it holds is what stands.
  forget() {
    this.pending = [];
    this.latest = null;
  }
}
