#if canImport(Glibc)
import Glibc
#endif

/// glibc functions that Swift's `Glibc` module does not declare: it is built
/// without `_GNU_SOURCE`, so `pipe2`, `pidfd_open` and the `_np` spawn file
/// actions are invisible to Swift although they are part of glibc's ABI.
/// Each is looked up by name once (`dlsym` with `RTLD_DEFAULT`); `nil` means
/// this glibc is too old for it, and callers fall back or say so.
///
/// | function | glibc | used for |
/// |---|---|---|
/// | `pipe2` | 2.9 | pipes created close-on-exec atomically |
/// | `posix_spawn_file_actions_addchdir_np` | 2.29 | the app's `directory` |
/// | `posix_spawn_file_actions_addclosefrom_np` | 2.34 | the app inherits only fds 0, 1, 2 |
/// | `pidfd_open` | 2.36 (kernel 5.3) | `poll` can wait for the app's exit |
enum GlibcExtensions {
    typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
    typealias PidfdOpen = @convention(c) (pid_t, UInt32) -> Int32
    typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    typealias AddClosefrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    static let pipe2: Pipe2? = symbol("pipe2")
    static let pidfdOpen: PidfdOpen? = symbol("pidfd_open")
    static let addChdir: AddChdir? = symbol("posix_spawn_file_actions_addchdir_np")
    static let addClosefrom: AddClosefrom? = symbol("posix_spawn_file_actions_addclosefrom_np")
    /// `prctl` is variadic in C, which Swift cannot call; its integer
    /// arguments pass the same way through this fixed prototype.
    typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
    static let prctl: Prctl? = symbol("prctl")

    /// A null handle is `RTLD_DEFAULT` in glibc: the global symbol scope.
    private static func symbol<Function>(_ name: String) -> Function? {
        dlsym(nil, name).map { unsafeBitCast($0, to: Function.self) }
    }
}
