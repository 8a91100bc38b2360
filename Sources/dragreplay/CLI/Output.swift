import DragRecording
import DragSystem
import Synchronization

/// Standard output and standard error, through the system-call layer. A
/// failed write to standard output is an error the command reports (exit 2);
/// a failed write to standard error cannot be reported anywhere, so it is
/// remembered and turns the exit code into 2. Nothing crashes on a full disk,
/// a closed stream or a broken pipe (SIGPIPE is ignored at start).
enum Output {
    static let standardErrorFailed = Atomic<Bool>(false)

    /// A standard stream closed at start (`2>&-`) is reopened on /dev/null,
    /// read-only: no file the tool opens can take its number (and receive
    /// output meant for the terminal), and a write to it still fails with
    /// `EBADF`, so closed stdout is an error (exit 2), never silence.
    static func occupyClosedStandardStreams() {
        for fd in [FileDescriptor.standardInput, .standardOutput, .standardError] where !fd.isOpen {
            // open(2) takes the lowest free number: this one.
            _ = try? FileDescriptor.open("/dev/null", .readOnly)
        }
    }

    /// Writes `text` to standard output.
    static func out(_ text: String) throws(SystemError) {
        try FileDescriptor.standardOutput.writeAll(text)
    }

    /// Writes one line to standard error, colouring the severity on a
    /// terminal (never with `NO_COLOR`). Whatever the line holds, it goes out
    /// as one line with no raw control character: the last guard, after
    /// every message quoted its untrusted parts already.
    static func diagnose(_ line: String) {
        var text = SafeText.escapingControls(line)
        if useColor(FileDescriptor.standardError) {
            text = text.replacingAll(": error: ", with: ": \u{1B}[1;31merror:\u{1B}[0m ")
                .replacingAll(": warning: ", with: ": \u{1B}[1;33mwarning:\u{1B}[0m ")
        }
        raw(text + "\n")
    }

    /// Writes to standard error as is (the progress line).
    static func raw(_ text: String) {
        do { try FileDescriptor.standardError.writeAll(text) } catch { standardErrorFailed.store(true, ordering: .relaxed) }
    }

    /// Colour and progress only on a terminal, and never with `NO_COLOR` set.
    static func useColor(_ fd: FileDescriptor) -> Bool {
        fd.isTerminal && SystemCall.environment("NO_COLOR") == nil
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
