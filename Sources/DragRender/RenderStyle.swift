/// The visual vocabulary shared by the page's script and the static SVG, so
/// a screenshot and an SVG of the same step look alike.
enum RenderStyle {
    /// Session colours, by session number modulo the count. No red: red is
    /// for forbidden locations and failures.
    static let palette = ["#2563eb", "#9333ea", "#059669", "#d97706", "#db2777", "#0891b2", "#65a30d", "#7c3aed"]
    static let forbidden = "#dc2626"
    static let failure = "#b91c1c"

    static func color(session: Int) -> String { palette[((session % palette.count) + palette.count) % palette.count] }
}
