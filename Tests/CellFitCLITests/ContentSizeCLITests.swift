import Foundation
import Testing

/// `--content-size` on `heights` and `layout`, run as a user would, with the Dynamic
/// Type example (Examples/Templates/DynamicType.json: a headline and a multi-line body
/// that adjust, and a date in the caption style that does not).
@Suite("cellfit --content-size")
struct ContentSizeCLITests {
    static let (template, data) = example("DynamicType")
    static let all = ["xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"]

    func heights(_ extra: [String], input: String? = nil) throws -> CellFit.Result {
        try CellFit.run(["heights", "--template", Self.template, "--width", "320,375"] + extra, input: input)
    }

    @Test("all: twelve heights per row and width in one pass, in the categories' order, never decreasing")
    func all() throws {
        let result = try heights(["--data", Self.data, "--content-size", "all", "--format", "ndjson"])
        #expect(result.status == 0 && result.stderr.isEmpty)
        let lines = try result.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.data))) as? [[String: Any]])
        let rows = objects.count
        let texts = objects.filter { !((($0["title"] as? String) ?? "") + (($0["body"] as? String) ?? "")).isEmpty }.count
        #expect(lines.count == rows * 2 * 12)
        var rising = 0
        for row in 0..<rows {
            for (w, width) in [320, 375].enumerated() {
                let heights = Self.all.indices.map { c in lines[row * 24 + c * 2 + w] }
                #expect(heights.map { $0["row"] as? Int } == Array(repeating: row, count: 12))
                #expect(heights.map { $0["width"] as? Int } == Array(repeating: width, count: 12))
                #expect(heights.map { $0["contentSize"] as? String } == Self.all)
                let values = heights.compactMap { $0["height"] as? Double }
                #expect(values.count == 12 && zip(values, values.dropFirst()).allSatisfy { $0 <= $1 }, "row \(row) at \(width): \(values)")
                if values[11] > values[0] { rising += 1 }
            }
        }
        #expect(rising == texts * 2 && texts > 0, "every row with text grows from xS to AX5")
        // Large is the default: the category's lines are the heights without --content-size.
        let plain = try heights(["--data", Self.data, "--format", "ndjson"])
        let large = lines.enumerated().filter { $0.offset % 24 / 2 == 3 }.map { $0.element["height"] as? Double }
        let plainHeights = plain.stdout.split(separator: "\n").map { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["height"] as? Double
        }
        #expect(large == plainHeights)
    }

    @Test("csv gains a contentSize column; a stream gives the lines of the whole file; json nests the categories")
    func formats() throws {
        let csv = try heights(["--data", Self.data, "--content-size", "L,AX3"])
        let lines = csv.stdout.split(separator: "\n")
        #expect(lines.first == "row,width,contentSize,height")
        #expect(lines.dropFirst().prefix(4).map { $0.split(separator: ",").prefix(3).joined(separator: ",") }
            == ["0,320,L", "0,375,L", "0,320,AX3", "0,375,AX3"])
        let rows = try Data(contentsOf: URL(fileURLWithPath: Self.data))
        let objects = try #require(try JSONSerialization.jsonObject(with: rows) as? [[String: Any]])
        let ndjson = try objects.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }.joined(separator: "\n") + "\n"
        let streamed = try heights(["--data", "-", "--content-size", "L,AX3"], input: ndjson)
        #expect(streamed.status == 0 && streamed.stdout == csv.stdout)
        let reported = try heights(["--data", Self.data, "--content-size", "L,AX3", "--on-error", "report"])
        #expect(reported.stdout.split(separator: "\n").dropFirst().map { $0.dropLast() } == lines.dropFirst().map { $0[...] })
        let json = try heights(["--data", Self.data, "--content-size", "L,AX3", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["contentSizes"] as? [String] == ["L", "AX3"])
        let first = try #require((object["heights"] as? [[[Double]]])?.first)
        let csvFirst = lines.dropFirst().prefix(4).compactMap { $0.split(separator: ",").last.flatMap { Double($0) } }
        #expect(first == [[csvFirst[0], csvFirst[1]], [csvFirst[2], csvFirst[3]]])
    }

    @Test("layout takes one category; --every-text-style scales the date too; bad names are exit 64 with the list")
    func layout() throws {
        func date(_ extra: [String]) throws -> [Double] {
            let result = try CellFit.run(["layout", "--template", Self.template, "--data", Self.data, "--width", "375"] + extra)
            #expect(result.status == 0)
            let line = result.stdout.split(separator: "\n").first { $0.contains("date:") } ?? ""
            return line.drop(while: { $0 != "[" }).dropFirst().dropLast().split(separator: ",").compactMap {
                Double($0.trimmingCharacters(in: .whitespaces))
            }
        }
        let large = try date([]), ax3 = try date(["--content-size", "AX3"]), every = try date(["--content-size", "AX3", "--every-text-style"])
        #expect(large.count == 4 && ax3.count == 4 && every.count == 4)
        // The caption date does not adjust: its size stays; it moves with the taller title.
        #expect(ax3.suffix(2) == large.suffix(2) && ax3[1] > large[1])
        #expect(every[2] > large[2] && every[3] > large[3])
        let two = try CellFit.run(["layout", "--template", Self.template, "--width", "375", "--content-size", "L,AX3"])
        #expect(two.status == 64 && two.stderr.contains("one category for layout"))
        let bad = try heights(["--data", Self.data, "--content-size", "L,XL3"])
        #expect(bad.status == 64 && bad.stderr.contains("'XL3' is not a content size category; expected xS, S, M, L, xL, xxL, xxxL, AX1"))
        let twice = try heights(["--data", Self.data, "--content-size", "L,l"])
        #expect(twice.status == 64 && twice.stderr.contains("lists L twice"))
        let alone = try heights(["--data", Self.data, "--every-text-style"])
        #expect(alone.status == 64 && alone.stderr.contains("--every-text-style goes with --content-size"))
    }
}
