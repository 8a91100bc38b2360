import DragRecording
import ReorderConformance
import ReorderCore
import ReorderSwipe

/// The lines of the requests with most fields, one function each, so
/// `line(for:)` stays a switch over every request.
extension AppMessages {
    /// `reset`: the container (enabled, layout, collections, swipe section when
    /// there is one) an app starts a case from.
    static func reset(
        _ container: ReorderContainer<StringID, StringID?>, _ layout: Layout<StringID>, _ swipe: SwipeConfiguration<StringID>?
    )
        -> [UInt8]
    {
        object { w in
            w.key("op")
            w.string("reset")
            w.key("container")
            w.open()
            w.key("enabled")
            w.bool(container.isEnabled)
            w.key("layout")
            writeLayout(layout, &w)
            w.key("collections")
            writeCollections(container.collections, locked: container.locked, &w)
            if let swipe {
                w.key("swipe")
                writeSwipe(swipe, &w)
            }
            w.close()
        }
    }

    /// `open`: the row an app shows open on `edge`, with its labels.
    static func openRow(_ item: StringID, _ edge: SwipeEdge, _ labels: [String]) -> [UInt8] {
        object { w in
            w.key("op")
            w.string("open")
            w.key("item")
            w.string(item)
            w.key("edge")
            w.string(edge.rawValue)
            w.key("labels")
            w.strings(labels)
        }
    }

    /// `perform`: an action on a row; the edge too, since an action's name is
    /// unique on its edge only.
    static func perform(_ item: StringID, _ edge: SwipeEdge, _ action: String) -> [UInt8] {
        object { w in
            w.key("op")
            w.string("perform")
            w.key("item")
            w.string(item)
            w.key("edge")
            w.string(edge.rawValue)
            w.key("action")
            w.string(action)
        }
    }

    /// `labels`: asks for the labels an app shows on an edge of a row.
    static func labels(_ item: StringID, _ edge: SwipeEdge) -> [UInt8] {
        object { w in
            w.key("op")
            w.string("labels")
            w.key("item")
            w.string(item)
            w.key("edge")
            w.string(edge.rawValue)
        }
    }

    /// `insert`: items put into a collection at `index` (null for the end).
    static func insert(_ items: [StringID], _ c: StringID?, _ index: Int?) -> [UInt8] {
        object { w in
            w.key("op")
            w.string("insert")
            w.key("items")
            w.strings(items)
            w.key("collection")
            optional(c, &w)
            w.key("index")
            if let index { w.integer(index) } else { w.null() }
        }
    }

    /// `relocate`: items moved outside a drag, before `before` (null for the end).
    static func relocate(_ items: [StringID], _ c: StringID?, _ before: StringID?) -> [UInt8] {
        object { w in
            w.key("op")
            w.string("relocate")
            w.key("items")
            w.strings(items)
            w.key("collection")
            optional(c, &w)
            w.key("before")
            optional(before, &w)
        }
    }

    /// `configure`: a drop query (session, location, items, sources,
    /// operations, external) for an app to answer.
    static func configure(_ q: DropQuery<StringID>) -> [UInt8] {
        object { w in
            w.key("op")
            w.string("configure")
            w.key("session")
            w.integer(q.session)
            w.key("x")
            w.number(q.location.x)
            w.key("y")
            w.number(q.location.y)
            w.key("items")
            w.strings(q.items)
            w.key("sources")
            w.strings(q.sources)
            w.key("ops")
            w.strings(q.operations.names)
            w.key("external")
            w.bool(q.isExternal)
        }
    }
}
