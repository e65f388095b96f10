/// Why an upload's bytes are not an image the preview keeps, in words for the person who sent it.
package struct ImageRefusal: Error, Equatable, Sendable {
    package let message: String
    /// The element or attribute of an SVG that is not on the allow-list (`script`, `onload`,
    /// `feTurbulence`), as written: the refusal is then `image_refused` naming it.
    package let construct: String?

    package init(_ message: String, construct: String? = nil) {
        self.message = message
        self.construct = construct
    }
}
