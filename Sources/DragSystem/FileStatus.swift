#if canImport(Glibc)
import Glibc
#endif

/// What `stat(2)` says of a file, as far as the tool cares.
public struct FileStatus: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    /// The type and permission bits (`st_mode`).
    public var mode: UInt32
    public var owner: UInt32
    public var group: UInt32
    public var modifiedSeconds: Int
    public var modifiedNanoseconds: Int
    /// How many names the file has (`st_nlink`): more than one is a hard link.
    public var linkCount: UInt64

    init(_ s: stat) {
        linkCount = UInt64(s.st_nlink)
        device = UInt64(s.st_dev)
        inode = UInt64(s.st_ino)
        size = Int64(s.st_size)
        mode = s.st_mode
        owner = s.st_uid
        group = s.st_gid
        modifiedSeconds = Int(s.st_mtim.tv_sec)
        modifiedNanoseconds = Int(s.st_mtim.tv_nsec)
    }

    public var isDirectory: Bool { mode & S_IFMT == S_IFDIR }
    public var isRegularFile: Bool { mode & S_IFMT == S_IFREG }
    public var isSymbolicLink: Bool { mode & S_IFMT == S_IFLNK }
    /// A FIFO (named pipe) or a pipe.
    public var isFIFO: Bool { mode & S_IFMT == S_IFIFO }
    /// What the file is, for a message: `a regular file`, `a directory`,
    /// `a FIFO`, `a character device`, `a block device`, `a socket`, `a symbolic link`.
    public var kindName: String {
        switch mode & S_IFMT {
        case S_IFREG: "a regular file"
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
    }
    /// The permission bits (`0o644`).
    public var permissions: UInt32 { mode & 0o7777 }

    /// Same file, same size, same modification time: nothing wrote to it.
    public func isUnchanged(comparedTo other: FileStatus) -> Bool {
        device == other.device && inode == other.inode && size == other.size
            && modifiedSeconds == other.modifiedSeconds && modifiedNanoseconds == other.modifiedNanoseconds
    }
}
