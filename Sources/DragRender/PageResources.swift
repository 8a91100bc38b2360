/// The page's stylesheet and scripts, from `Page/` (SwiftPM's
/// `.embedInCode` puts their bytes in the binary, so the tool needs no file
/// beside it and the page stays one self-contained file).
enum PageResources {
    /// `Page/page.css`: the whole stylesheet, inlined in `<style>`.
    static let css = String(decoding: PackageResources.page_css, as: UTF8.self)
    /// `Page/errors.js`: runs first, so that any later script error is shown in `#script-errors`.
    static let errorsScript = String(decoding: PackageResources.errors_js, as: UTF8.self)
    /// `Page/page.js`: reads `script#doc` and draws every step.
    static let pageScript = String(decoding: PackageResources.page_js, as: UTF8.self)
}
