#if canImport(Glibc)
import Glibc
#endif

/// A counting semaphore (`sem_init(3)`, process-private): one thread waits
/// until another signals. Waiting is retried on `EINTR`.
package final class Semaphore: @unchecked Sendable {
    private let semaphore: UnsafeMutablePointer<sem_t>

    package init(value: UInt32 = 0) {
        semaphore = .allocate(capacity: 1)
        sem_init(semaphore, 0, value)
    }

    deinit {
        sem_destroy(semaphore)
        semaphore.deallocate()
    }

    /// `sem_post(3)`.
    package func signal() { sem_post(semaphore) }

    /// `sem_wait(3)`.
    package func wait() { _ = SystemCall.retryingOnInterrupt { sem_wait(semaphore) } }
}

/// What a new thread runs, handed to it through `pthread_create`'s one pointer.
private final class ThreadBody {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

extension SystemCall {
    /// `pthread_create(3)`, detached: runs `body` on a new thread of its own,
    /// not one of Dispatch's (which come and go). For work that must stay on
    /// one thread for the life of the process.
    package static func startThread(_ body: @escaping @Sendable () -> Void) throws(Errno) {
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        var thread = pthread_t()
        let code = pthread_create(
            &thread, nil,
            { context in
                Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().body()
                return nil
            }, context)
        if code != 0 {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            throw Errno(code)
        }
        pthread_detach(thread)
    }
}
