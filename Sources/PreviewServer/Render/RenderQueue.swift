import PreviewProtocol

/// Where the event loop sends `render` actions and collects their outcomes: the drawing runs off
/// the loop, which the queue wakes (`lws_cancel_service`) when an outcome is ready.
protocol RenderQueue: AnyObject, Sendable {
    /// Takes a request; its outcome (made, refused, or the server busy) comes back through
    /// `takeFinished` after a wake.
    func submit(_ request: RenderRequest)
    /// Stops the render with `ticket` if it is still drawn; its outcome, if any, is not wanted.
    func cancel(ticket: Int)
    /// The outcomes ready since the last call, oldest first.
    func takeFinished() -> [RenderOutcome]
}
