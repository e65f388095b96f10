/// The short recording a render program draws: a version 1 recording of a banner preset on a
/// manual clock whose items show the uploaded SVG (`media:` and its SHA-256), one gesture, and a
/// few hundred milliseconds of session time, so that a render is tens of pictures, not thousands.
///
/// Its bytes: the gesture (`Gesture`) and its distance, how many 20 ms advances follow it (5 to
/// 20), and the configuration (`configurations`).
struct FuzzRecording {
    private enum Gesture: CaseIterable {
        case none, flickNext, flickBack, slowDrag, command, twoViewers
    }

    /// Setups: the banner preset's own, a small viewport, no loop, and a tall one in portrait; the
    /// coverflow and strip presets, whose slots change size as they move (an image is decoded for
    /// each size a slot shows it at, up to `FilmRenderer.maximumDecodedImages`).
    private static let configurations = [
        ("banner", "{}"), ("banner", "{\"viewport\":{\"width\":160,\"height\":100}}"), ("banner", "{\"loop\":false}"),
        ("banner", "{\"viewport\":{\"width\":240,\"height\":420}}"), ("coverflow", "{}"), ("strip", "{}"),
    ]
    /// How many items, and whether every other one shows a bundled banner instead of the upload.
    private static let catalogues: [(count: Int, mixed: Bool)] = [(1, false), (3, false), (5, true), (2, true)]

    let text: String

    /// The recording `reader`'s next bytes describe, whose items show `image` (an item's `image`).
    init(reading reader: inout ProgramReader, image: String, catalogue: Int) {
        let gesture = reader.pick(Gesture.allCases)
        let distance = 20 + Double(reader.byte()) * 3
        let advances = 5 + Int(reader.byte() % 16)
        let (preset, configuration) = reader.pick(Self.configurations)
        let (count, mixed) = Self.catalogues[catalogue % Self.catalogues.count]
        var steps = ["{\"atNs\":0,\"join\":1}"]
        var at = 1
        func message(_ body: String, client: Int = 1) {
            steps.append("{\"atNs\":\(at * 1_000_000),\"client\":\(client),\"message\":\(body)}")
            at += 1
        }
        func pointer(_ phase: String, _ x: Double, _ t: Int, client: Int = 1) {
            message("{\"type\":\"pointer\",\"phase\":\"\(phase)\",\"x\":\(x),\"y\":90,\"t\":\(t)}", client: client)
        }
        func advance() { message("{\"type\":\"advance\",\"ms\":20}") }
        switch gesture {
        case .none: break
        case .flickNext, .flickBack, .slowDrag:
            let sign = gesture == .flickBack ? 1.0 : -1.0
            let moves = gesture == .slowDrag ? 5 : 2
            pointer("down", 200, 0)
            for move in 1...moves {
                advance()
                pointer("move", 200 + sign * distance * Double(move) / Double(moves), move * 20)
            }
            pointer("up", 200 + sign * distance, (moves + 1) * 20)
        case .command: message("{\"type\":\"command\",\"name\":\"next\"}")
        case .twoViewers:
            steps.append("{\"atNs\":\(at * 1_000_000),\"join\":2}")
            at += 1
            pointer("down", 100, 0)
            pointer("down", 300, 0, client: 2)
            advance()
            pointer("move", 100 - distance, 20)
            pointer("up", 100 - distance, 40)
            pointer("up", 300, 40, client: 2)
        }
        for _ in 0..<advances { advance() }
        let items = (0..<count).map { index in
            let shown = mixed && index % 2 == 1 ? "/banners/spring-sale.svg" : image
            return "{\"id\":\"i\(index)\",\"title\":\"Item \(index)\",\"subtitle\":\"\",\"image\":\"\(shown)\"}"
        }
        text = """
            {"format":"carousel-preview/recording","version":1,"session":"render-fuzz","clock":"manual",\
            "preset":"\(preset)","setup":{"config":\(configuration),"itemCount":\(count)},\
            "catalogs":{"banners":[\(items.joined(separator: ","))],"cards":[]},"start":1,\
            "steps":[\(steps.joined(separator: ","))]}
            """
    }
}
