/// Takes a render's pictures one at a time and gives the animated image's bytes at the end.
protocol AnimationEncoder: AnyObject {
    /// Adds the canvas as it stands, shown for `milliseconds`.
    func add(_ canvas: Canvas, lasting milliseconds: Int) throws(RenderError)
    /// The file, once every picture is in.
    func finish() throws(RenderError) -> [UInt8]
}
