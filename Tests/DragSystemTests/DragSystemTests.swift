import DragSystem
import Glibc
import Testing

@Suite("DragSystem: the one wrapper of the C library")
struct DragSystemTests {
    @Test("Errno describes a known code the way glibc does, with the number")
    func errnoDescription() {
        #expect(Errno.noSpace.code == 28)
        #expect(Errno.noSpace.text == "No space left on device")
        #expect(Errno.noSpace.description == "No space left on device (errno 28)")
        #expect(Errno.brokenPipe.description == "Broken pipe (errno 32)")
    }

    @Test("the retry helper calls again after EINTR and returns the first other result")
    func retriesOnInterrupt() throws {
        var calls = 0
        let result = try SystemCall.retrying { () -> Int32 in
            calls += 1
            if calls < 3 {
                Errno.current = .interrupted
                return -1
            }
            return 7
        }
        #expect(result == 7)
        #expect(calls == 3)
    }

    @Test("the retry helper throws a failure other than EINTR at once")
    func throwsOtherErrors() {
        var calls = 0
        #expect(throws: Errno.noSuchFileOrDirectory) {
            try SystemCall.retrying { () -> Int32 in
                calls += 1
                Errno.current = .noSuchFileOrDirectory
                return -1
            }
        }
        #expect(calls == 1)
    }

    @Test("checking retries an EINTR error number, throws any other")
    func checkingRetries() {
        var codes: [Int32] = [Errno.interrupted.code, Errno.noMemory.code]
        #expect(throws: Errno.noMemory) {
            try SystemCall.checking { codes.removeFirst() }
        }
        #expect(codes.isEmpty)
    }

    @Test("the monotonic clock never goes back, and advances")
    func clockIsMonotonic() {
        var previous = MonotonicClock.now()
        for _ in 0..<10_000 {
            let next = MonotonicClock.now()
            #expect(next >= previous)
            previous = next
        }
        let start = MonotonicClock.now()
        SystemCall.sleep(microseconds: 2_000)
        #expect(MonotonicClock.now().seconds(since: start) >= 0.002)
        #expect(start.seconds(since: MonotonicClock.now()) < 0)
    }

    @Test("bytes written to a pipe come out of its other end")
    func pipeRoundTrip() throws {
        let ends = try SystemCall.pipe()
        defer {
            try? SystemCall.close(ends.read)
            try? SystemCall.close(ends.write)
        }
        let message = Array("line\n".utf8)
        let written = try message.withUnsafeBytes { bytes throws(Errno) in
            try SystemCall.write(ends.write, from: bytes.baseAddress!, count: bytes.count)
        }
        #expect(written == message.count)
        var buffer = [UInt8](repeating: 0, count: 16)
        let read = try buffer.withUnsafeMutableBytes { bytes throws(Errno) in
            try SystemCall.read(ends.read, into: bytes.baseAddress!, count: bytes.count)
        }
        #expect(Array(buffer.prefix(read)) == message)
    }

    @Test("opening a missing file fails with ENOENT")
    func missingFile() {
        #expect(throws: Errno.noSuchFileOrDirectory) {
            try SystemCall.open("/nonexistent-dragsystem-test/missing", .readOnly)
        }
        #expect(throws: Errno.noSuchFileOrDirectory) {
            try SystemCall.status(ofPath: "/nonexistent-dragsystem-test/missing")
        }
    }

    @Test("openRegularFile opens a regular file and refuses a FIFO (no wait for a writer), a directory and a device unopened (issue 44)")
    func regularFilesOnly() throws {
        let dir = try SystemCall.makeTemporaryDirectory(prefix: "/tmp/dragsystem-regular-")
        let fifo = dir + "/summary.json"
        #expect(mkfifo(fifo, 0o644) == 0)
        guard case .notRegular(let f) = try SystemCall.openRegularFile(fifo) else {
            Issue.record("a FIFO was opened")
            return
        }
        #expect(f.isFIFO && f.kindName == "a FIFO")
        guard case .notRegular(let d) = try SystemCall.openRegularFile(dir) else {
            Issue.record("a directory was opened")
            return
        }
        #expect(d.kindName == "a directory")
        guard case .notRegular(let c) = try SystemCall.openRegularFile("/dev/null") else {
            Issue.record("a device was opened")
            return
        }
        #expect(c.kindName == "a character device")
        let file = dir + "/plain.json"
        let w = try SystemCall.open(file, .writeOnly, options: [.create, .exclusive])
        try SystemCall.close(w)
        guard case .opened(let fd) = try SystemCall.openRegularFile(file) else {
            Issue.record("a regular file was refused")
            return
        }
        // Blocking again: a read at the end returns 0, never EAGAIN.
        var byte: UInt8 = 0
        #expect(try SystemCall.read(fd, into: &byte, count: 1) == 0)
        try SystemCall.close(fd)
        #expect(throws: Errno.noSuchFileOrDirectory) { try SystemCall.openRegularFile(dir + "/missing") }
        for name in [fifo, file] { try SystemCall.unlink(name) }
        rmdir(dir)
    }
}
