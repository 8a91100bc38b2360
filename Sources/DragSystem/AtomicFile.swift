import ReorderCore

/// Writes a file so that a reader sees the old file or the new one, never
/// half of one: bytes go to a temporary beside the target, created with
/// `O_EXCL | O_NOFOLLOW` (a planted file or link cannot redirect the
/// write), then `rename(2)` puts it in place. Used for blessed recordings,
/// findings, merged corpora and reports written with `-o`.
///
///     var file = try AtomicFile(replacing: "found/placement-1a2b.jsonl")
///     try file.write(Array(text.utf8))
///     try file.commit()          // or file.abandon() on any failure
///
/// With `preservingAttributes`, an existing target keeps its mode and owner.
/// A symbolic link at the target is replaced by the new file (a planted
/// link cannot redirect an output), unless `followingLinks` says the link
/// is the user's own (`bless` of a linked recording): then it keeps
/// pointing where it did and the file it resolves to is replaced. Only a regular file is ever
/// replaced: a device, a FIFO or a directory at the target is refused
/// (root could otherwise rename a file over `/dev/full`).
public struct AtomicFile {
    /// Where the file ends up (a link's target when the path was a link).
    public let path: String
    /// The temporary being written.
    public let temporaryPath: String
    private let descriptor: FileDescriptor
    private var finished = false

    /// The marker in every temporary's name; `removeStaleTemporaries` looks
    /// for it after a crash (`kill -9`) left one behind.
    public static let temporaryMarker = ".dragreplay-tmp-"

    public init(replacing path: String, preservingAttributes: Bool = false, followingLinks: Bool = false) throws(SystemError) {
        try self.init(replacing: path, preservingAttributes: preservingAttributes, followingLinks: followingLinks) {
            var random = SystemRandomNumberGenerator()
            return "\(SystemCall.processID())-\(random.next() % 1_000_000_000)"
        }
    }

    /// `suffix` names each attempt's temporary after the marker (a test
    /// plants links at the names it will give).
    init(
        replacing path: String, preservingAttributes: Bool, followingLinks: Bool = false, suffix: () -> String
    ) throws(SystemError) {
        var target = path
        var existing: FileStatus?
        if followingLinks, FileSystem.exists(path) {
            target = try FileSystem.resolvingSymbolicLinks(path)
            existing = try FileSystem.status(of: target)
        } else if preservingAttributes, let found = try? FileSystem.status(of: path, followingLinks: false),
            found.isRegularFile
        {
            existing = found
        }
        if !preservingAttributes { existing = nil }
        self.path = target
        if let existing = try? FileSystem.status(of: target, followingLinks: false), !existing.isRegularFile,
            !existing.isSymbolicLink
        {
            throw SystemError(
                call: "open", path: target, errno: .invalidArgument, refusal: "is not a regular file; refusing to replace it")
        }
        let directory = FileSystem.directory(of: target)
        let prefix = Self.temporaryPrefix(for: FileSystem.name(of: target))
        var attempt = 0
        while true {
            let candidate = FileSystem.join(directory, prefix + suffix())
            do {
                descriptor = try FileDescriptor.open(
                    candidate, .writeOnly, options: [.create, .exclusive, .noFollow], permissions: existing?.permissions ?? 0o644)
                temporaryPath = candidate
                break
            } catch  where error.errno == .fileExists && attempt < 8 {
                attempt += 1
            } catch {
                // The temporary is an implementation detail: name the file.
                throw SystemError(call: error.call, path: target, errno: error.errno)
            }
        }
        if let existing {
            // Mode and owner of the file being replaced; a non-root user
            // cannot give a file away, which is fine: it was theirs.
            try? SystemCall.changePermissions(descriptor.rawValue, to: existing.permissions)
            do { try SystemCall.changeOwner(descriptor.rawValue, owner: existing.owner, group: existing.group) } catch
                where error != .notPermitted
            {
                abandon()
                throw SystemError(call: "fchown", path: target, errno: error)
            } catch {}
        }
    }

    /// Appends bytes to the temporary. A failure names the target (the
    /// temporary is gone by the time anyone reads the message).
    public mutating func write(_ bytes: [UInt8]) throws(SystemError) {
        do { try descriptor.writeAll(bytes) } catch {
            abandon()
            throw SystemError(call: error.call, path: path, errno: error.errno)
        }
    }

    public mutating func write(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        do { try descriptor.writeAll(bytes) } catch {
            abandon()
            throw SystemError(call: error.call, path: path, errno: error.errno)
        }
    }

    /// The longest file name Linux file systems take (`NAME_MAX`).
    static let maxNameLength = 255

    /// The start of every temporary's name for a file called `name`:
    /// `.NAME.dragreplay-tmp-`, then the writer's pid, `-` and a random
    /// number (at most 21 more bytes). A name too long for that to fit in
    /// `NAME_MAX` keeps its first bytes (whole UTF-8 characters) and a hash of the whole, so a
    /// 255-byte name can still be replaced and its temporaries found.
    public static func temporaryPrefix(for name: String) -> String {
        let room = maxNameLength - 1 - temporaryMarker.utf8.count - 21
        if name.utf8.count <= room { return ".\(name)\(temporaryMarker)" }
        var hash = FNV1a64()
        hash.add(name.utf8)
        var kept = ""
        for c in name.unicodeScalars {
            if kept.utf8.count + String(c).utf8.count > room - 17 { break }
            kept.unicodeScalars.append(c)
        }
        return ".\(kept)~\(hash.hex)\(temporaryMarker)"
    }

    /// Flushes, closes and renames the temporary over the target.
    public mutating func commit() throws(SystemError) { try commit(to: path) }

    /// Flushes, closes and renames the temporary to `target`, in the same
    /// directory (a name known only once the content is: findings are
    /// named by their hash).
    public mutating func commit(to target: String) throws(SystemError) {
        guard !finished else { return }
        finished = true
        do {
            try descriptor.sync()
            try descriptor.close()
        } catch {
            try? SystemCall.unlink(temporaryPath)
            throw SystemError(call: error.call, path: path, errno: error.errno)
        }
        do { try FileSystem.rename(temporaryPath, to: target) } catch {
            try? SystemCall.unlink(temporaryPath)
            throw error
        }
    }

    /// Flushes the temporary, then copies it over the target's own bytes
    /// (the same inode: every hard link sees the new text) and removes it.
    /// Not atomic for readers, and a crash during the copy leaves the target
    /// partly rewritten: `bless` uses it only for a file with hard links,
    /// which a rename would split (docs/decisions.md).
    public mutating func commitInPlace() throws(SystemError) {
        guard !finished else { return }
        finished = true
        defer { try? SystemCall.unlink(temporaryPath) }
        do {
            try descriptor.sync()
            try descriptor.close()
        } catch { throw SystemError(call: error.call, path: path, errno: error.errno) }
        let source = try FileDescriptor.open(temporaryPath, .readOnly)
        defer { try? source.close() }
        let target = try FileDescriptor.open(path, .writeOnly)
        defer { try? target.close() }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { buffer.deallocate() }
        var size: Int64 = 0
        while true {
            let n = try source.read(into: buffer.baseAddress!, count: buffer.count)
            if n == 0 { break }
            try target.writeAll(UnsafeRawBufferPointer(rebasing: buffer[..<n]))
            size += Int64(n)
        }
        try target.truncate(to: size)
        try target.sync()
    }

    /// Removes the temporaries of the file at `path` whose writing process
    /// is gone (a `kill -9` of an earlier `bless`). Returns how many.
    @discardableResult
    public static func removeStaleTemporaries(of path: String) -> Int {
        removeStaleTemporaries(in: FileSystem.directory(of: path), prefix: temporaryPrefix(for: FileSystem.name(of: path)))
    }

    /// Closes and removes the temporary; the target is untouched.
    public mutating func abandon() {
        guard !finished else { return }
        finished = true
        try? descriptor.close()
        try? SystemCall.unlink(temporaryPath)
    }

    /// Writes `text` to `path` atomically in one call.
    /// The one way a command writes an output file: never through a link
    /// planted at `path` (the link is replaced), attributes of an existing
    /// regular file kept when asked.
    public static func write(_ text: String, to path: String, preservingAttributes: Bool = false) throws(SystemError) {
        var file = try AtomicFile(replacing: path, preservingAttributes: preservingAttributes)
        // From the string's own storage: a page of tens of MB is not copied.
        var text = text
        var failure: SystemError?
        text.withUTF8 { utf8 in
            do throws(SystemError) { try file.write(UnsafeRawBufferPointer(utf8)) } catch { failure = error }
        }
        if let failure { throw failure }
        try file.commit()
    }

    /// Removes temporaries in `directory` whose writing process is gone (a
    /// `kill -9` between write and rename). Returns how many it removed.
    @discardableResult
    public static func removeStaleTemporaries(in directory: String, prefix: String = ".") -> Int {
        guard let names = try? FileSystem.entries(of: directory) else { return 0 }
        var removed = 0
        for name in names where name.hasPrefix(prefix) {
            guard let marker = name.firstRange(of: temporaryMarker) else { continue }
            let rest = name[marker.upperBound...]
            guard let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]) else { continue }
            if pid == SystemCall.processID() || SystemCall.processExists(pid) { continue }
            if (try? SystemCall.unlink(FileSystem.join(directory, name))) != nil { removed += 1 }
        }
        return removed
    }
}
