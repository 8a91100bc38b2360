import ReorderCore

/// What the page says about the recording as a whole.
public struct RenderHeader: Hashable, Sendable {
    public var title: String
    /// The recording's file path, as given on the command line.
    public var path: String
    /// What was replayed, e.g. `applier canonical` or `app: python3 kanban_board.py`.
    public var subject: String
    /// The recording's layout (spec 1.2): the page lays each step's data
    /// out by it and words its areas after its kind.
    public var layout: Layout<StringID>
    /// The container's size: locations outside it hit nothing.
    public var width: Double { layout.width }
    public var height: Double { layout.height }
    /// `meta.description` of the recording, if any.
    public var description: String?
    /// The replay's verdict, `pass`, `fail` or `error`, when a replay made the document.
    public var status: String?
    /// Messages about the recording as a whole, not about one step: the
    /// input error that ended the replay early (`path:line:column: error:`),
    /// failures at the header line (an app's `reset`), warnings at the end.
    public var messages: [String]

    public init(
        title: String, path: String = "", subject: String = "", layout: Layout<StringID>,
        description: String? = nil, status: String? = nil, messages: [String] = []
    ) {
        self.title = title
        self.path = path
        self.subject = subject
        self.layout = layout
        self.description = description
        self.status = status
        self.messages = messages
    }
}
