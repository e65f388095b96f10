/// Which page of several items is on screen, when a page holds more than one item
/// (`itemsPerPage`): what a renderer's dots show, one dot a page.
public struct PagePosition: Equatable, Sendable {
    /// The page whose snap point is nearest the content, from 0 (within a lap in a loop). A finite
    /// strip's last snap point is its last page even where it is not that page's start.
    public var index: Int
    /// How many pages the items make: ceil(itemCount / itemsPerPage).
    public var count: Int

    /// Creates a page position.
    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }
}
