import CarouselCore

/// A configuration as the page hands it to the WebAssembly engine: 27 little-endian doubles, with
/// no JSON to parse. The order is the page schema's: the layout, then each of the schema's fields
/// in its order (a test holds the two together), so the page writes a record from the schema
/// alone. A choice is its position in the schema's list (the type's `allCases`), a flag 0 or 1,
/// an optional length a flag and then its value, the auto-scroll interval milliseconds (turned
/// into a `Duration` as the server turns the protocol's). A record is decoded in full and
/// validated by the engine's own rules before anything takes it.
public enum ConfigurationRecord {
    /// The fields in record order, by their Swift names (the schema's `swift`); an optional one
    /// takes two doubles.
    public static let fields = [
        "layout", "axis", "isLooping", "viewportWidth", "viewportHeight", "inset", "spacing", "itemLength",
        "itemThickness", "sideScale", "decelerationRate", "flickVelocityThreshold", "maxItemsPerFlick",
        "springAngularFrequency", "rubberBandCoefficient", "isAutoScrollEnabled", "autoScrollInterval",
        "layoutDirection", "alignment", "itemsPerPage", "snapping", "template", "content", "imageFit", "cornerRadius",
    ]
    /// The optional fields, each a flag and a value.
    public static let optionalFields: Set<String> = ["itemLength", "itemThickness"]
    public static var byteCount: Int { (fields.count + optionalFields.count) * 8 }

    public static func encode(_ configuration: Configuration) -> [UInt8] {
        var writer = ByteWriter(reservingCapacity: byteCount)
        let c = configuration
        for value in [
            Double(position(of: c.layout)), Double(position(of: c.axis)), flag(c.isLooping),
            c.viewportWidth, c.viewportHeight, c.inset, c.spacing,
            flag(c.itemLength != nil), c.itemLength ?? 0, flag(c.itemThickness != nil), c.itemThickness ?? 0,
            c.sideScale, c.decelerationRate, c.flickVelocityThreshold, Double(c.maxItemsPerFlick),
            c.springAngularFrequency, c.rubberBandCoefficient, flag(c.isAutoScrollEnabled),
            c.autoScrollInterval.milliseconds, Double(position(of: c.layoutDirection)),
            Double(position(of: c.alignment)), Double(c.itemsPerPage), Double(position(of: c.snapping)),
            Double(position(of: c.template)), Double(position(of: c.content)), Double(position(of: c.imageFit)),
            c.cornerRadius,
        ] {
            writer.double(value)
        }
        return writer.bytes
    }

    /// The configuration a record holds, or why it holds none: a short or long record, a case or
    /// flag out of range, or a value the engine's validation refuses.
    public static func decode(_ bytes: [UInt8]) throws(ABIError) -> Configuration {
        guard bytes.count == byteCount else {
            throw bytes.count < byteCount ? .truncated : .tooLarge("a configuration record is \(byteCount) bytes")
        }
        var reader = ByteReader(bytes)
        var c = Configuration()
        c.layout = try member(of: &reader, "layout")
        c.axis = try member(of: &reader, "axis")
        c.isLooping = try flag(from: &reader, "isLooping")
        c.viewportWidth = try reader.double()
        c.viewportHeight = try reader.double()
        c.inset = try reader.double()
        c.spacing = try reader.double()
        c.itemLength = try optional(from: &reader, "itemLength")
        c.itemThickness = try optional(from: &reader, "itemThickness")
        c.sideScale = try reader.double()
        c.decelerationRate = try reader.double()
        c.flickVelocityThreshold = try reader.double()
        c.maxItemsPerFlick = try wholeNumber(from: &reader, "maxItemsPerFlick")
        c.springAngularFrequency = try reader.double()
        c.rubberBandCoefficient = try reader.double()
        c.isAutoScrollEnabled = try flag(from: &reader, "isAutoScrollEnabled")
        let interval = try reader.double()
        guard interval.isFinite else { throw .malformed("autoScrollInterval must be a finite number") }
        c.autoScrollInterval = Duration(milliseconds: interval)
        c.layoutDirection = try member(of: &reader, "layoutDirection")
        c.alignment = try member(of: &reader, "alignment")
        c.itemsPerPage = try wholeNumber(from: &reader, "itemsPerPage")
        c.snapping = try member(of: &reader, "snapping")
        c.template = try member(of: &reader, "template")
        c.content = try member(of: &reader, "content")
        c.imageFit = try member(of: &reader, "imageFit")
        c.cornerRadius = try reader.double()
        do {
            try c.validate()
        } catch {
            throw .refused(.invalidConfiguration(error))
        }
        return c
    }

    private static func flag(_ value: Bool) -> Double { value ? 1 : 0 }

    private static func position<Member: CaseIterable & Equatable>(of member: Member) -> Int {
        var position = 0
        for candidate in Member.allCases {
            if candidate == member { return position }
            position += 1
        }
        return position
    }

    private static func member<Member: CaseIterable>(
        of reader: inout ByteReader,
        _ name: String
    ) throws(ABIError) -> Member {
        let cases = Array(Member.allCases)
        let position = try wholeNumber(from: &reader, name)
        guard position >= 0, position < cases.count else {
            throw .malformed("\(name) must be a case number from 0 to \(cases.count - 1)")
        }
        return cases[position]
    }

    private static func flag(from reader: inout ByteReader, _ name: String) throws(ABIError) -> Bool {
        let value = try reader.double()
        guard value == 0 || value == 1 else { throw .malformed("\(name) must be 0 or 1") }
        return value == 1
    }

    private static func optional(from reader: inout ByteReader, _ name: String) throws(ABIError) -> Double? {
        let isPresent = try flag(from: &reader, "\(name)'s flag")
        let value = try reader.double()
        return isPresent ? value : nil
    }

    /// A whole number that fits 32 bits (a case, a count); anything else is refused before a
    /// conversion could trap.
    private static func wholeNumber(from reader: inout ByteReader, _ name: String) throws(ABIError) -> Int {
        let value = try reader.double()
        guard value >= -2_147_483_648, value <= 2_147_483_647, value == value.rounded(.towardZero) else {
            throw .malformed("\(name) must be a whole number")
        }
        return Int(value)
    }
}
