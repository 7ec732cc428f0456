import CellFitSamples
import ExampleCells
import CellLayout
import TestSupport
import Testing
import TemplateFiles

/// Templates written as files — equations, visual formats, boxes, text views,
/// stacks, baselines, margins, bindings — against the same templates in Swift:
/// the same heights and frames, row by row, with the fixed-advance measurer.
@Suite("Template files lay out as the same templates written in Swift")
struct LayoutEquivalenceTests {
    static let measurer = FixedAdvanceMeasurer()

    /// JSON rows from `fields`, one object per row.
    static func rowsText(_ rows: [[(String, String)]]) -> String {
        "[" + rows.map { row in "{" + row.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}" }.joined(separator: ",\n") + "]"
    }

    static func quoted(_ text: String) -> String { "\"" + text.replacingQuotes() + "\"" }

    @Test("ExpandableMovies: a box, visual formats inside it")
    func movie() throws {
        let file = try TemplateFile(parsing: """
            {"name": "movie", "views": [
              {"name": "container", "kind": "box", "subviews": [
                {"name": "poster", "kind": "image", "size": [85, 100]},
                {"name": "title", "kind": "label", "font": 15, "text": "title"},
                {"name": "description", "kind": "label", "font": 13, "lines": 0, "text": "summary"}]}],
             "constraints": [
               "H:|-10-[container]-10-|", "V:|-8-[container]-8-|",
               "H:|-6-[poster(85)]", "V:|-6-[poster(100)]",
               "H:[poster]-8-[title]-8-|", "V:|-54-[title(20)]",
               "H:|-8-[description]-8-|", "V:[poster]-5-[description]-4-|"]}
            """)
        let movies = (0..<8).map { i in
            Movie(title: "Movie \(i)", intro: SampleText.words(i * 5, seed: i), full: SampleText.words(i * 9 + 3, seed: i), expanded: i % 2 == 1)
        }
        let rows = try file.rows(parsing: Self.rowsText(movies.map {
            [("title", Self.quoted($0.title)), ("summary", Self.quoted($0.expanded ? $0.full : $0.intro))]
        }))
        try expectSameLayouts(file.template, rows, MovieCell.template(), movies, widths: [375, 320], measurer: Self.measurer)
    }

    @Test("ChatFeed: a text view that hugs its text")
    func chat() throws {
        let file = try TemplateFile(parsing: """
            {"name": "chat", "views": [
              {"name": "avatar", "kind": "image", "size": [36, 36]},
              {"name": "heading", "kind": "label", "font": {"size": 13, "weight": "bold"}, "text": "user"},
              {"name": "bubble", "kind": "textView", "font": 15, "text": "message"}],
             "constraints": [
               "H:|-10-[avatar(36)]-8-[heading]-(>=10)-|", "V:|-10-[avatar(36)]",
               "heading.top == avatar.top",
               "bubble.leading == heading.leading", "V:[heading]-4-[bubble]",
               "bubble.trailing <= superview.trailing - 40",
               "contentView.bottom >= bubble.bottom + 10", "contentView.bottom >= avatar.bottom + 10"]}
            """)
        let rows = try file.rows(parsing: Self.rowsText(ChatCell.sampleRows.map { [("user", Self.quoted($0.heading)), ("message", Self.quoted($0.text))] }))
        try expectSameLayouts(file.template, rows, ChatCell.template(), ChatCell.sampleRows, widths: [375, 600], measurer: Self.measurer)
    }

    struct Entry {
        var name: String
        var count: String
        var detail: String
        var hasDetail: Bool
        var showCount: Bool
    }

    /// Nested stacks with baseline alignment and custom spacing, margins, hugging,
    /// a collapsing view and a hidden one.
    static func stackTemplate() throws -> CellTemplate<Entry> {
        let icon = ImageView("icon", size: Size(width: 20, height: 20)).contentHugging(300, for: .horizontal)
        let name = Label("name", font: Font(size: 16))
        let count = Label("count", font: Font(size: 12, weight: .semibold, style: .italic))
        let detail = Label("detail", font: Font(size: 13), lines: 0, lineBreakMode: .wordWrap, lineSpacing: 2)
            .layoutMargins(EdgeInsets(top: 8, left: 4, bottom: 8, right: 8))
        let row = Stack("row", axis: .horizontal, spacing: 8, alignment: .firstBaseline, arrangedSubviews: [name, count])
            .customSpacing(12, after: name)
        let column = Stack("column", axis: .vertical, spacing: 4, alignment: .leading, arrangedSubviews: [row, detail])
            .compressionResistance(700, for: .vertical)
        let contentView = ContentView(subviews: [icon, column], layoutMargins: EdgeInsets(all: 12))
        let margins = contentView.layoutMarginsGuide
        return try CellTemplate<Entry>(name: "entry", contentView: contentView, constraints: [
            icon.leading.constraint(equalTo: margins.leading),
            icon.top.constraint(equalTo: margins.top),
            column.leading.constraint(equalTo: icon.trailing, constant: 8),
            column.trailing.constraint(equalTo: margins.trailing),
            column.top.constraint(equalTo: margins.top),
            column.bottom.constraint(equalTo: margins.bottom),
            margins.bottom.constraint(greaterThanOrEqualTo: icon.bottom),
            detail.layoutMarginsGuide.leading.constraint(greaterThanOrEqualTo: name.leading),
        ]) { entry, content in
            content.setText(entry.name, for: name)
            content.setText(entry.count, for: count)
            content.setText(entry.detail, for: detail)
            content.setCollapsed(!entry.hasDetail, for: detail)
            content.setVisibility(entry.showCount ? .visible : .hidden, for: count)
        }
    }

    @Test("stacks, baselines, custom spacing, margins guides, collapse and hidden")
    func stacks() throws {
        let file = try TemplateFile(parsing: """
            {"name": "entry", "contentView": {"margins": 12}, "views": [
              {"name": "icon", "kind": "image", "size": [20, 20], "hugging": {"h": 300}},
              {"name": "column", "kind": "stack", "axis": "vertical", "spacing": 4, "alignment": "leading",
               "compression": {"v": 700}, "arrangedSubviews": [
                {"name": "row", "kind": "stack", "axis": "horizontal", "spacing": 8, "alignment": "firstBaseline",
                 "customSpacing": {"name": 12}, "arrangedSubviews": [
                  {"name": "name", "kind": "label", "font": 16, "text": "name"},
                  {"name": "count", "kind": "label", "font": {"size": 12, "weight": 600, "style": "italic"},
                   "text": "count", "hidden": "!showCount"}]},
                {"name": "detail", "kind": "label", "font": {"size": 13, "family": "DejaVu Sans"}, "lines": 0,
                 "lineBreak": "wordWrap", "lineSpacing": 2, "margins": {"left": 4},
                 "text": "detail", "visible": "hasDetail"}]}],
             "constraints": [
               "icon.leading == superview.margins.leading", "icon.top == superview.margins.top",
               "column.leading == icon.trailing + 8", "column.trailing == superview.margins.trailing",
               "column.top == superview.margins.top", "column.bottom == superview.margins.bottom",
               "contentView.margins.bottom >= icon.bottom",
               "detail.margins.leading >= name.leading"]}
            """)
        let entries = (0..<12).map { i in
            Entry(name: "name \(i)", count: "\(i * 7)", detail: SampleText.words(i * 4, seed: i), hasDetail: i % 3 != 0, showCount: i % 2 == 0)
        }
        let rows = try file.rows(parsing: Self.rowsText(entries.map {
            [("name", Self.quoted($0.name)), ("count", Self.quoted($0.count)), ("detail", Self.quoted($0.detail)),
             ("hasDetail", "\($0.hasDetail)"), ("showCount", "\($0.showCount)")]
        }))
        try expectSameLayouts(file.template, rows, Self.stackTemplate(), entries, widths: [320, 375], measurer: Self.measurer)
    }

    @Test("image sizes from rows, static text, static visibility, text views' insets")
    func imagesAndStatics() throws {
        let file = try TemplateFile(parsing: """
            {"views": [
              {"name": "photo", "kind": "image", "imageSize": "photoSize", "compression": 800, "hugging": 900},
              {"name": "caption", "kind": "label", "staticText": "Photo of the day", "lines": 2, "lineBreak": "truncateTail"},
              {"name": "note", "kind": "textView", "insets": {"top": 4, "bottom": 4}, "text": "note", "visibility": "collapsed"},
              {"name": "spare", "kind": "box", "visibility": "hidden"}],
             "constraints": [
               "H:|-[photo]-(>=8)-|", "V:|-[photo]-[caption]-[note]-[spare(10)]-|", "H:|-[caption]-|", "H:|-[note]",
               "spare.width == 20"]}
            """)
        let photo = ImageView("photo").compressionResistance(800, for: .horizontal).compressionResistance(800, for: .vertical)
            .contentHugging(900, for: .horizontal).contentHugging(900, for: .vertical)
        let caption = Label("caption", text: "Photo of the day", lines: 2, lineBreakMode: .truncateTail)
        let note = TextView("note", insets: EdgeInsets(top: 4, left: 5, bottom: 4, right: 5)).visibility(.collapsed)
        let spare = Box("spare").visibility(.hidden)
        let contentView = ContentView(subviews: [photo, caption, note, spare])
        let swift = try CellTemplate<(Size?, String)>(contentView: contentView, constraints: [
            photo.leading.constraint(equalTo: contentView.leading, constant: 8),
            contentView.trailing.constraint(greaterThanOrEqualTo: photo.trailing, constant: 8),
            photo.top.constraint(equalTo: contentView.top, constant: 8),
            caption.top.constraint(equalTo: photo.bottom, constant: 8),
            note.top.constraint(equalTo: caption.bottom, constant: 8),
            spare.top.constraint(equalTo: note.bottom, constant: 8),
            spare.height.constraint(equalToConstant: 10),
            contentView.bottom.constraint(equalTo: spare.bottom, constant: 8),
            caption.leading.constraint(equalTo: contentView.leading, constant: 8),
            contentView.trailing.constraint(equalTo: caption.trailing, constant: 8),
            note.leading.constraint(equalTo: contentView.leading, constant: 8),
            spare.width.constraint(equalToConstant: 20),
        ]) { row, content in
            content.setImageSize(row.0, for: photo)
            content.setText(row.1, for: note)
        }
        let values: [(Size?, String)] = [(Size(width: 120, height: 80), "a"), (nil, "b"), (Size(width: 0, height: 0), "")]
        let rows = try file.rows(parsing: Self.rowsText(values.map {
            [("photoSize", $0.0.map { "[\($0.width), \($0.height)]" } ?? "null"), ("note", Self.quoted($0.1))]
        }))
        try expectSameLayouts(file.template, rows, swift, values, widths: [320], measurer: Self.measurer)
        #expect(try file.template.fit(rows[0], width: 320, measurer: Self.measurer).visibility(of: "note") == .collapsed)
    }
}
