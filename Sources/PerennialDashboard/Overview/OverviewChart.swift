import Foundation
import PerennialCore

/// A line chart drawn by the server as SVG: no script, no library. It says what it shows in its title
/// (the range and the lowest and highest values), so a screen reader has the gist.
struct OverviewChart: Sendable {
    var id: String
    var heading: String
    /// The SVG, every text in it escaped.
    var svg: String

    static let width = 480.0, height = 240.0
    static let left = 96.0, right = 12.0, top = 14.0, bottom = 36.0

    init(id: String, heading: String, points: [(label: String, value: Int64)], format: (Int64) -> String) {
        self.id = id
        self.heading = heading
        let values = points.map(\.value)
        let highest = max(values.max() ?? 0, 1), lowest = min(values.min() ?? 0, 0)
        let plotWidth = Self.width - Self.left - Self.right, plotHeight = Self.height - Self.top - Self.bottom
        func x(_ index: Int) -> Double {
            points.count < 2 ? Self.left + plotWidth / 2 : Self.left + plotWidth * Double(index) / Double(points.count - 1)
        }
        func y(_ value: Int64) -> Double {
            Self.top + plotHeight * (1 - Double(value - lowest) / Double(highest - lowest))
        }
        let line = points.indices.map { "\(Self.number(x($0))),\(Self.number(y(points[$0].value)))" }.joined(separator: " ")
        let summary = points.isEmpty ? "no data" : "from \(points[0].label) to \(points[points.count - 1].label), "
            + "lowest \(format(values.min() ?? 0)), highest \(format(values.max() ?? 0))"
        var svg = """
        <svg viewBox="0 0 \(Int(Self.width)) \(Int(Self.height))" role="img" aria-labelledby="\(id)-title" xmlns="http://www.w3.org/2000/svg">\
        <title id="\(id)-title">\(Self.escape(heading + ": " + summary))</title>\
        <line x1="\(Self.left)" y1="\(y(lowest))" x2="\(Self.width - Self.right)" y2="\(y(lowest))" stroke="#6b7280" stroke-width="1"/>\
        <line x1="\(Self.left)" y1="\(Self.top)" x2="\(Self.width - Self.right)" y2="\(Self.top)" stroke="#d5d9e0" stroke-width="1"/>\
        <text x="\(Self.left - 8)" y="\(Self.top + 4)" text-anchor="end" font-size="15" fill="#374151">\(Self.escape(format(highest)))</text>\
        <text x="\(Self.left - 8)" y="\(y(lowest) + 4)" text-anchor="end" font-size="15" fill="#374151">\(Self.escape(format(lowest)))</text>
        """
        if let first = points.first, let last = points.last {
            svg += """
            <text x="\(Self.left)" y="\(Self.height - 12)" font-size="15" fill="#374151">\(Self.escape(first.label))</text>\
            <text x="\(Self.width - Self.right)" y="\(Self.height - 12)" text-anchor="end" font-size="15" fill="#374151">\(Self.escape(last.label))</text>\
            <polyline points="\(line)" fill="none" stroke="#1d4ed8" stroke-width="2.5" stroke-linejoin="round"/>
            """
            if points.count == 1 {
                svg += "<circle cx=\"\(Self.number(x(0)))\" cy=\"\(Self.number(y(first.value)))\" r=\"4\" fill=\"#1d4ed8\"/>"
            }
        }
        self.svg = svg + "</svg>"
    }

    /// A coordinate with one decimal.
    static func number(_ value: Double) -> String {
        String(Double((value * 10).rounded()) / 10)
    }

    /// Text safe inside SVG markup.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
