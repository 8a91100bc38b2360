/// One app process per campaign worker: worker `k` uses only `apps[k]`, so
/// the pool may cross threads although an `AppSubject` may not.
public final class AppPool: @unchecked Sendable {
    public let apps: [AppSubject]
    public init(_ apps: [AppSubject]) { self.apps = apps }

    /// Says `bye` to every app and waits for each to exit.
    public func close() { for app in apps { app.close() } }
}
