#if canImport(Glibc)
import Glibc
#endif

/// Nanoseconds on the monotonic clock: what every send and arrival is stamped with.
enum MonotonicTime {
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    static func seconds(_ value: Double) -> Int64 { Int64(value * 1e9) }
}
