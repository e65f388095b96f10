/// SplitMix64: a tiny seeded generator, so randomized runs repeat exactly and a failure names the
/// seed that replays it. Shared by the engine's and the protocol's property tests.
public struct SeededGenerator: RandomNumberGenerator {
    /// Where the sequence stands: a generator seeded with it yields the rest of this one's
    /// sequence, so a property test can name one run of many for a test that replays it alone.
    public private(set) var state: UInt64

    /// A generator that yields the same sequence for the same `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
