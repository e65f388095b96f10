/// What a pointer message's finger is, as the browser's `PointerEvent.pointerType` names it, so the
/// other viewers can tell a phone's touch from a desktop's mouse.
public enum PointerType: String, Equatable, Sendable, CaseIterable {
    case mouse, touch, pen
}
