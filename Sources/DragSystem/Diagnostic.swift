/// A problem at a place in a file, printed the way compilers print them:
/// `path:line:column: error: message`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable { case error, warning }

    public var path: String
    /// Physical line, from 1; 0 when the problem is the file as a whole.
    public var line: Int
    /// Byte column, from 1.
    public var column: Int
    public var severity: Severity
    public var message: String

    public init(path: String, line: Int, column: Int = 1, severity: Severity = .error, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }

    /// The path as `SafeText.path` shows it: a file named with an escape
    /// sequence or a newline cannot forge or colour a line.
    public var description: String { text(path: SafeText.path(path)) }

    /// The diagnostic with its path written as `shown`: the one place that
    /// spells `path:line:column: error: message` (`path: error: message`
    /// for the file as a whole). The exact path where the reader is not a
    /// terminal (a JUnit body, a test's output, the page, which escape it
    /// their own way); `description` elsewhere.
    public func text(path shown: String) -> String {
        line > 0 ? "\(shown):\(line):\(column): \(severity.rawValue): \(message)" : "\(shown): \(severity.rawValue): \(message)"
    }
}
