import CarouselCore

/// The preview's release rule as JavaScript, for the web files: each library picks a release's rest
/// by a rule of its own (Swiper one slide a swipe, Splide no flick threshold, free modes their own
/// momentum), so the file tracks the finger as the engine does (`VelocityTracker`), works out where
/// the preview would rest (`ReleaseRule`, or the end of `Coast` with free scroll) and sends the
/// library there. The numbers are the configuration's; the functions are CarouselCore's, written
/// again small: the page has no engine to ask.
enum WebReleaseRule {
    /// `rule` (the numbers), `releaseTarget`, `followReleases(root, onRelease, snap)` and their
    /// helpers; each file adds its `onRelease`, which receives the target (the content's position in
    /// px, 0 with item 0 on the snap line), where the content is, the motion's length and `snap()`.
    static func lines(_ model: HandoverModel) -> [String] {
        let c = model.configuration
        let n = CodeNumber.text
        let ends = Self.ends(model)
        let settings = [
            "pitch: \(n(c.pitch))", "perPage: \(c.itemsPerPage)", "count: \(model.itemCount)",
            "loop: \(c.isLooping)", "first: \(n(ends.first))", "last: \(n(ends.last))",
            "snapLine: \(n(model.leadingMargin))", "rate: \(n(c.decelerationRate))",
            "threshold: \(n(c.flickVelocityThreshold))", "reach: \(c.maxItemsPerFlick)",
            "free: \(!model.isPaged)", "mirrored: \(model.isRightToLeft)", "vertical: \(!model.isHorizontal)",
            "settle: \(model.physics.settleMilliseconds)",
        ]
        return [
            "// The preview's release rule: a release rests on the snap point nearest where the deceleration",
            "// rate would coast it (a flick of at least `threshold` px/s at least on the next one), at most",
            "// `reach` snap points on; with free scroll, where the coast ends. The library's own rule differs",
            "// on some flicks (see the notes above), so each release is sent where the preview rests.",
            "const rule = { \(settings.joined(separator: ", ")) };",
        ] + Self.body
    }

    /// A finite strip's first and last snap points (CarouselCore's `Track`), in px from item 0's.
    static func ends(_ model: HandoverModel) -> (first: Double, last: Double) {
        let c = model.configuration
        let lastItem = Double(max(0, model.itemCount - 1))
        let perPage = Double(c.itemsPerPage)
        let room = c.viewportMainLength - 2 * c.inset
        switch c.alignment {
        case .start:
            return (0, max(0, min(lastItem * c.pitch, lastItem * c.pitch + c.resolvedItemLength - room)))
        case .end:
            let last = (Double(model.itemCount) - perPage) * c.pitch
            return (min(last, max(0, room - c.pageBlockLength)), last)
        case .center:
            let content = lastItem * c.pitch + c.resolvedItemLength
            if content <= room, lastItem > 0 || perPage > 1 {
                let centred = c.snapLine - (c.viewportMainLength - content) / 2
                return (centred, centred)
            }
            return (0, (lastItem / perPage).rounded(.down) * perPage * c.pitch)
        }
    }

    private static let body: [String] = [
        "const clampToEnds = (/** @type {number} */ p) => (rule.loop ? p : Math.min(Math.max(p, rule.first), rule.last));",
        "/** The item a target rests on (a loop's index wrapped into its items). */",
        "const restingItem = (/** @type {number} */ target) => ((Math.round(target / rule.pitch) % rule.count) + rule.count) % rule.count;",
        "/** The snap points at or before and at or after `p` (null past an end): every page's start, and the ends. */",
        "function snapsAround(/** @type {number} */ p) {",
        "  if (!rule.loop && p < rule.first) return [null, rule.first];",
        "  if (!rule.loop && p > rule.last) return [rule.last, null];",
        "  const step = rule.pitch * rule.perPage;",
        "  const below = Math.floor(p / step) * step;",
        "  return [clampToEnds(below), clampToEnds(below === p ? below : below + step)];",
        "}",
        "/** The snap point after the snap point `s` toward `dir` (1 or -1); null past an end. */",
        "function snapAfter(/** @type {number} */ s, /** @type {number} */ dir) {",
        "  if (!rule.loop && (dir > 0 ? s >= rule.last : s <= rule.first)) return null;",
        "  const step = rule.pitch * rule.perPage;",
        "  return clampToEnds(dir > 0 ? Math.floor(s / step) * step + step : Math.ceil(s / step) * step - step);",
        "}",
        "/** Where a release at `p` (px) with velocity `v` (px/s, toward later items) rests, as in the preview. */",
        "function releaseTarget(/** @type {number} */ p, /** @type {number} */ v, /** @type {{target: number, dir: number} | null} */ caught) {",
        "  // Past an end, free scroll springs back onto it; inside, it coasts (and a coast stops at an end).",
        "  if (rule.free && clampToEnds(p) !== p) {",
        "    coastMilliseconds = rule.settle;",
        "    return clampToEnds(p);",
        "  }",
        "  if (rule.free) return clampToEnds(p + coastDistance(v));",
        "  const dir = v < 0 ? -1 : 1;",
        "  const [before, after] = snapsAround(p);",
        "  const behind = dir > 0 ? before : after;",
        "  let ahead = dir > 0 ? after : before;",
        "  if (ahead === p && ahead !== null) ahead = snapAfter(ahead, dir);",
        "  const projected = p + (v / 1000) * rule.rate / (1 - rule.rate);",
        "  const isFlick = v !== 0 && Math.abs(v) >= rule.threshold;",
        "  let target = ahead ?? behind ?? p;",
        "  if (!isFlick && behind !== null && ahead !== null) {",
        "    target = Math.abs(ahead - projected) <= Math.abs(projected - behind) ? ahead : behind;",
        "  }",
        "  for (let step = 1; target === ahead && step < rule.reach; step += 1) {",
        "    const next = snapAfter(target, dir);",
        "    if (next === null || Math.abs(next - projected) > Math.abs(projected - target)) break;",
        "    target = ahead = next;",
        "  }",
        "  // A flick the same way as a move the finger caught goes at least one snap point beyond it.",
        "  if (isFlick && caught !== null && caught.dir === dir) {",
        "    const beyond = snapAfter(caught.target, dir) ?? caught.target;",
        "    if (dir * (beyond - target) > 0) target = beyond;",
        "  }",
        "  return target;",
        "}",
        "/** How far the preview's coast carries `v` (px/s): every ms keeps `rate` of the velocity, in 4 ms",
        "  steps, until a step's speed is at most 6 px/s (then `coastMilliseconds` is its length). */",
        "let coastMilliseconds = 0;",
        "function coastDistance(/** @type {number} */ v) {",
        "  coastMilliseconds = 0;",
        "  if (!(Math.abs(v) > 6)) return 0;",
        "  let logRate = Math.log(rule.rate);",
        "  const needed = Math.log(6 / Math.abs(v));",
        "  let steps = Math.max(1, Math.ceil(needed / (4 * logRate)));",
        "  if (steps > 2000) [logRate, steps] = [needed / 8000, 2000];",
        "  coastMilliseconds = 4 * steps;",
        "  return (v / 1000) * Math.exp(logRate) * Math.expm1(4 * steps * logRate) / Math.expm1(logRate);",
        "}",
        "/** The content's position (px, 0 with item 0 on the snap line) from the slide nearest the snap line. */",
        "function contentPosition(/** @type {HTMLElement} */ root) {",
        "  const box = root.getBoundingClientRect();",
        "  let nearest = { distance: Infinity, position: 0 };",
        "  for (const slide of Array.from(root.querySelectorAll('[data-item]'))) {",
        "    const r = slide.getBoundingClientRect();",
        "    const edge = rule.vertical ? r.top - box.top : rule.mirrored ? box.right - r.right : r.left - box.left;",
        "    const distance = Math.abs(rule.snapLine - edge);",
        "    const item = Number(slide.getAttribute('data-item'));",
        "    if (distance < nearest.distance) nearest = { distance, position: item * rule.pitch + rule.snapLine - edge };",
        "  }",
        "  return nearest.position;",
        "}",
        "/** The finger's velocity at `time` (px/s along its coordinate), as the preview's tracker: a least-squares",
        "  parabola (a line under 3 samples) through the samples of the last 100 ms with no pause over 40 ms. */",
        "function fingerVelocity(/** @type {{t: number, x: number}[]} */ samples, /** @type {number} */ time) {",
        "  const newest = samples[samples.length - 1];",
        "  if (!newest || time - newest.t > 40) return 0;",
        "  const s = [0, 0, 0, 0, 0];",
        "  const m = [0, 0, 0];",
        "  let [newer, rose, fell, used] = [newest, false, false, 0];",
        "  for (let i = samples.length - 1; i >= 0 && used < 20; i -= 1, used += 1) {",
        "    const sample = samples[i];",
        "    if (newest.t - sample.t > 100 || newer.t - sample.t > 40) break;",
        "    const [t, x] = [(sample.t - newest.t) / 1000, sample.x - newest.x];",
        "    for (let k = 0; k < 5; k += 1) s[k] += t ** k;",
        "    for (let k = 0; k < 3; k += 1) m[k] += x * t ** k;",
        "    [rose, fell] = [rose || sample.x < newer.x, fell || sample.x > newer.x];",
        "    newer = sample;",
        "  }",
        "  const line = used >= 2 && s[0] * s[2] - s[1] * s[1] !== 0 ? (s[0] * m[1] - s[1] * m[0]) / (s[0] * s[2] - s[1] * s[1]) : 0;",
        "  const det = (/** @type {number[]} */ a) => a[0] * (a[4] * a[8] - a[5] * a[7]) - a[1] * (a[3] * a[8] - a[5] * a[6]) + a[2] * (a[3] * a[7] - a[4] * a[6]);",
        "  const d = det([s[0], s[1], s[2], s[1], s[2], s[3], s[2], s[3], s[4]]);",
        "  if (used < 3 || d === 0 || !Number.isFinite(d)) return line;",
        "  const curve = det([s[0], m[0], s[2], s[1], m[1], s[3], s[2], m[2], s[4]]) / d;",
        "  // A parabola through a flick that slowed at its end can point back: the line is believed then.",
        "  return rose !== fell && curve * (rose ? 1 : -1) <= 0 ? line : curve;",
        "}",
        "/** Where the last release (a finger's or a wheel's) sent the content, and until when (ms): a grab",
        "  before then catches that move. */",
        "let moving = { target: 0, until: -Infinity };",
        "/** Tracks the finger on `root`; on a release, calls `onRelease(target, position, ms, snapshot)` once the library",
        "  has had the release (`snapshot` is what `snap()` read before it did: the library's own position). */",
        "function followReleases(",
        "  /** @type {HTMLElement} */ root,",
        "  /** @type {(target: number, position: number, ms: number, snapshot: number) => void} */ onRelease,",
        "  snap = () => 0,",
        ") {",
        "  /** @type {{t: number, x: number}[]} */",
        "  let samples = [];",
        "  let grab = { position: 0, x: 0 };",
        "  /** @type {{target: number, dir: number} | null} */",
        "  let caught = null;",
        "  const coordinate = (/** @type {PointerEvent} */ e) => (rule.vertical ? e.clientY : rule.mirrored ? -e.clientX : e.clientX);",
        "  const add = (/** @type {PointerEvent} */ e) => {",
        "    const last = samples[samples.length - 1];",
        "    if (last && e.timeStamp < last.t) samples = [];",
        "    if (last && e.timeStamp === last.t) last.x = coordinate(e);",
        "    else samples.push({ t: e.timeStamp, x: coordinate(e) });",
        "  };",
        "  root.addEventListener('pointerdown', (e) => {",
        "    samples = [];",
        "    add(e);",
        "    const p = contentPosition(root);",
        "    grab = { position: p, x: coordinate(e) };",
        "    const lap = rule.loop ? rule.count * rule.pitch : 0;",
        "    const target = lap ? moving.target - Math.round((moving.target - p) / lap) * lap : moving.target;",
        "    caught = e.timeStamp < moving.until && target !== p ? { target, dir: Math.sign(target - p) } : null;",
        "  }, { capture: true });",
        "  window.addEventListener('pointermove', (e) => { if (samples.length && e.buttons) add(e); }, { capture: true });",
        "  window.addEventListener('pointerup', (e) => {",
        "    if (!samples.length) return;",
        "    const v = Math.min(Math.max(-fingerVelocity(samples, e.timeStamp), -100000), 100000);",
        "    samples = [];",
        "    // Where the finger put the content, as in the preview (a library may start its drag a few px late).",
        "    const p = grab.position - (coordinate(e) - grab.x);",
        "    const here = contentPosition(root);",
        "    const snapshot = snap();",
        "    const target = releaseTarget(p, v, caught);",
        "    const ms = rule.free ? coastMilliseconds : rule.settle;",
        "    moving = { target, until: e.timeStamp + ms };",
        "    // After the library's own release handling (this event's and the mouse's), which it overrides.",
        "    queueMicrotask(() => onRelease(target, here, ms, snapshot));",
        "  }, { capture: true });",
        "}",
    ]
}
