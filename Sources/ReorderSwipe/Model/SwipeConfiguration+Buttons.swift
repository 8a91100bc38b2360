import ReorderCore

// Button geometry of spec 2. The bounds are written exactly as the spec
// writes them (`right - (k + 1) * actionWidth`, ...), so a point on a
// boundary lands where a held-out recording expects it.

extension SwipeConfiguration {
    /// The button of an open `edge` under `point`, for a row whose frame is
    /// `frame`: button k (first action outermost) covers, on a right edge,
    /// `right - (k + 1) * actionWidth <= x < right - k * actionWidth`, and on
    /// a left edge `left + k * actionWidth <= x < left + (k + 1) * actionWidth`;
    /// only the parts inside the frame count. The caller checks that the
    /// point is inside the container (spec 1.2): outside it, a point is on
    /// no button.
    ///
    ///     // ltr, two trailing actions 80 wide, a row 100 wide at x = 0:
    ///     swipe.button(at: Point(x: 30, y: 5), in: Rect(x: 0, y: 0, width: 100, height: 10), edge: .trailing)  // 0
    ///     swipe.button(at: Point(x: 10, y: 5), in: Rect(x: 0, y: 0, width: 100, height: 10), edge: .trailing)  // 1
    ///
    /// - Complexity: O(k) for the button k found, O(n) for none of n.
    @inlinable
    public func button(at point: Point, in frame: Rect, edge: SwipeEdge) -> Int? {
        let count = actions(on: edge).count
        let left = frame.x
        let right = frame.x + frame.width
        let inFrame = left <= point.x && point.x < right && frame.y <= point.y && point.y < frame.y + frame.height
        // A width that is not positive (or NaN) gives every button an empty
        // range; stopping here also keeps the loops below short.
        guard inFrame, count > 0, actionWidth > 0 else { return nil }
        let w = actionWidth
        let x = point.x
        if edge.isRightSide(in: direction) {
            for k in 0..<count {
                // Buttons move leftwards with k: once x is right of button k's
                // right bound, no later button holds it.
                guard x < right - Double(k) * w else { return nil }
                if right - Double(k + 1) * w <= x { return k }
            }
        } else {
            for k in 0..<count {
                guard left + Double(k) * w <= x else { return nil }
                if x < left + Double(k + 1) * w { return k }
            }
        }
        return nil
    }

    /// The part of button `k` of an open `edge` that lies inside `frame`
    /// (what a tap can hit), or `nil` when it has no such part or `edge` has
    /// no button `k`. A fuzzer aims taps with it.
    ///
    ///     // ltr, two trailing actions 80 wide, a row 100 wide at x = 0:
    ///     swipe.buttonFrame(1, in: Rect(x: 0, y: 0, width: 100, height: 10), edge: .trailing)
    ///     // Rect(x: 0, y: 0, width: 20, height: 10)
    ///
    /// - Complexity: O(1).
    @inlinable
    public func buttonFrame(_ k: Int, in frame: Rect, edge: SwipeEdge) -> Rect? {
        guard k >= 0, k < actions(on: edge).count, actionWidth > 0 else { return nil }
        let left = frame.x
        let right = frame.x + frame.width
        let low: Double
        let high: Double
        if edge.isRightSide(in: direction) {
            low = right - Double(k + 1) * actionWidth
            high = right - Double(k) * actionWidth
        } else {
            low = left + Double(k) * actionWidth
            high = left + Double(k + 1) * actionWidth
        }
        let clippedLow = Swift.max(low, left)
        let clippedHigh = Swift.min(high, right)
        guard clippedLow < clippedHigh, frame.height > 0 else { return nil }
        return Rect(x: clippedLow, y: frame.y, width: clippedHigh - clippedLow, height: frame.height)
    }
}
