import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A child process fed on its standard input and read on its standard output and error, with a
/// deadline, a cap on what it may write, and a kill that is safe from any thread. The one place
/// the server starts processes: a render runs in one so that whatever a C library does with a
/// viewer's bytes (panics, loops, swallows memory) ends that process and nothing else.
final class WorkerProcess: Sendable {
    /// How the process ended, and what it wrote.
    struct Completion: Sendable {
        enum Ending: Equatable, Sendable {
            case exited(Int32)
            case signalled(Int32)
        }

        var ending: Ending
        var output: [UInt8]
        /// The end of its standard error (at most `keptErrorBytes`): a panic's or a crash's words.
        var errorText: String
        /// Killed at the deadline the caller gave.
        var passedDeadline: Bool
        /// Killed for writing more than the caller would read.
        var wroteTooMuch: Bool
        /// Killed by `kill()`.
        var wasKilled: Bool
        /// User and system CPU time it took.
        var cpuTime: Duration
    }

    /// The most of a worker's standard error kept.
    static let keptErrorBytes = 4096

    private struct State {
        /// Set once the process has exited and before it is reaped, so `kill()` never signals a
        /// process id the system may have handed to another.
        var hasExited = false
        var wasKilled = false
    }

    let processID: pid_t
    private let input: Int32
    private let output: Int32
    private let errors: Int32
    private let state = Mutex(State())

    /// Starts `executable` with `arguments` (after its name) and `environment`, its standard
    /// streams on pipes. It inherits the server's other descriptors that are not close-on-exec
    /// (libwebsockets' sockets): a worker closes every one past the three first (`closefrom(3)`).
    init(executable: String, arguments: [String], environment: [String]) throws(RenderWorkerError) {
        var pipes: [Int32] = Array(repeating: -1, count: 6)
        for index in stride(from: 0, to: 6, by: 2) {
            let made = pipes.withUnsafeMutableBufferPointer { pipe($0.baseAddress! + index) }
            guard made == 0 else {
                pipes.filter { $0 >= 0 }.forEach { close($0) }
                throw RenderWorkerError("no pipe for a render worker: \(String(cString: strerror(errno)))")
            }
        }
        // No other child inherits these; the worker's own three are dup2'd, which clears the flag.
        for end in pipes { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipes[0], 0)
        posix_spawn_file_actions_adddup2(&actions, pipes[3], 1)
        posix_spawn_file_actions_adddup2(&actions, pipes[5], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Default signal handling and an empty mask in the child, whatever the server's threads block.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        // The child's ends are its own now (or nobody's): close them here, so its exit is our EOF.
        [pipes[0], pipes[3], pipes[5]].forEach { close($0) }
        guard status == 0 else {
            [pipes[1], pipes[2], pipes[4]].forEach { close($0) }
            throw RenderWorkerError(
                "the render worker \(executable) cannot start: \(String(cString: strerror(status)))"
            )
        }
        processID = child
        (input, output, errors) = (pipes[1], pipes[2], pipes[4])
        _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
    }

    /// Kills the process now (from any thread); `communicate` then returns with `wasKilled`.
    func kill() {
        state.withLock { state in
            guard !state.hasExited else { return }
            state.wasKilled = true
            _ = Glibc.kill(processID, SIGKILL)
        }
    }

    /// Writes `bytes` to the process and reads what it writes until it exits, killing it when
    /// `deadline` (asked again after each read, with the output so far) passes or it writes more
    /// than `maximumOutput` bytes. Blocks the calling thread; call once.
    func communicate(
        _ bytes: [UInt8],
        maximumOutput: Int,
        deadline: ([UInt8]) -> ContinuousClock.Instant
    ) -> Completion {
        // A worker that dies before reading all its input makes our write fail with EPIPE; the
        // signal that comes with it must not end the server: blocked on this thread, it stays pending here.
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
        var written = 0
        var inputOpen = true
        var outputBytes: [UInt8] = []
        var errorBytes: [UInt8] = []
        var open = (output: true, errors: true)
        var passedDeadline = false
        var wroteTooMuch = false
        var chunk = [UInt8](repeating: 0, count: 65536)
        let clock = ContinuousClock()
        if bytes.isEmpty {
            close(input)
            inputOpen = false
        }
        while open.output || open.errors {
            let remaining = clock.now.duration(to: deadline(outputBytes))
            if remaining <= .zero {
                passedDeadline = true
                kill()
                break
            }
            var fds = [
                pollfd(fd: open.output ? output : -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: open.errors ? errors : -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: inputOpen ? input : -1, events: Int16(POLLOUT), revents: 0),
            ]
            let milliseconds = Int32(min(remaining / .milliseconds(1) + 1, 60_000))
            guard poll(&fds, 3, milliseconds) >= 0 || errno == EINTR else { break }
            if inputOpen, fds[2].revents != 0 {
                let count = bytes.withUnsafeBufferPointer {
                    write(input, $0.baseAddress! + written, $0.count - written)
                }
                if count > 0 { written += count }
                if count < 0 && errno != EAGAIN && errno != EINTR || written == bytes.count {
                    close(input)
                    inputOpen = false
                }
            }
            if open.output, fds[0].revents != 0 {
                let count = read(output, &chunk, chunk.count)
                if count > 0 {
                    outputBytes += chunk[0..<count]
                } else if count == 0 || errno != EINTR {
                    open.output = false
                }
                if outputBytes.count > maximumOutput {
                    wroteTooMuch = true
                    kill()
                    break
                }
            }
            if open.errors, fds[1].revents != 0 {
                let count = read(errors, &chunk, chunk.count)
                if count > 0 {
                    errorBytes += chunk[0..<count]
                    if errorBytes.count > Self.keptErrorBytes {
                        errorBytes.removeFirst(errorBytes.count - Self.keptErrorBytes)
                    }
                } else if count == 0 || errno != EINTR {
                    open.errors = false
                }
            }
        }
        if inputOpen { close(input) }
        close(output)
        close(errors)
        // Wait without reaping, mark it exited, then reap: a kill() in between finds it exited
        // rather than signal a process id that the system may already have given to another.
        var info = siginfo_t()
        while waitid(P_PID, id_t(processID), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
        let killed = state.withLock { state in
            state.hasExited = true
            return state.wasKilled
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(processID, &status, 0, &usage) < 0 && errno == EINTR {}
        let cpu =
            Duration.seconds(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + .microseconds(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
        let signal = status & 0x7F
        return Completion(
            ending: signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal),
            output: outputBytes,
            errorText: String(decoding: errorBytes, as: UTF8.self),
            passedDeadline: passedDeadline,
            wroteTooMuch: wroteTooMuch,
            wasKilled: killed && !passedDeadline && !wroteTooMuch,
            cpuTime: cpu
        )
    }
}
