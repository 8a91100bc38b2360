import DragSystem
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("ThreadLocale: json-c's calls in the C locale (issue 24)")
struct ThreadLocaleTests {
    @Test("the body runs in one locale object of its own and the thread gets its own locale back")
    func restores() {
        let global = uselocale(nil)
        let inside = ThreadLocale.inC { uselocale(nil) }
        #expect(inside != nil && inside != global)
        #expect(uselocale(nil) == global)
        // A thread that had a locale of its own gets that one back.
        let own = newlocale(LC_NUMERIC_MASK, "C", nil)
        let previous = uselocale(own)
        let nested = ThreadLocale.inC { uselocale(nil) }
        #expect(nested == inside)
        #expect(uselocale(nil) == own)
        uselocale(previous)
        freelocale(own)
        #expect(uselocale(nil) == global)
    }
}
