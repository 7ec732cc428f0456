import Testing
import TextMetrics

/// The Dynamic Type tables and `Font.resolved(at:)`. The sizes are UIKit's (Apple's
/// Human Interface Guidelines, "Dynamic Type sizes"); these tests hold the table to the
/// properties UIKit's has, and the resolution to exact arithmetic.
@Suite("Dynamic Type")
struct DynamicTypeTests {
    @Test("every style's size at Large is UIKit's default, and no style shrinks as the category grows")
    func table() {
        let large: [DynamicTypeStyle: Double] = [
            .largeTitle: 34, .title1: 28, .title2: 22, .title3: 20, .headline: 17, .body: 17, .callout: 16,
            .subheadline: 15, .footnote: 13, .caption1: 12, .caption2: 11,
        ]
        for style in DynamicTypeStyle.allCases {
            #expect(style.size(at: .large) == large[style])
            let sizes = ContentSizeCategory.allCases.map(style.size(at:))
            #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 <= $1 }, "\(style): \(sizes)")
        }
        #expect(DynamicTypeStyle.body.size(at: .accessibilityExtraLarge) == 40)
        #expect(DynamicTypeStyle.caption2.size(at: .extraSmall) == 11)
        #expect(DynamicTypeStyle.headline.weight == .semibold && DynamicTypeStyle.body.weight == .regular)
    }

    @Test("categories parse by abbreviation in any case and by UIKit's name; twelve, in UIKit's order")
    func categories() {
        #expect(ContentSizeCategory.allCases.map(\.abbreviation)
            == ["xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"])
        #expect(ContentSizeCategory(name: "ax3") == .accessibilityExtraLarge)
        #expect(ContentSizeCategory(name: "XXXL") == .extraExtraExtraLarge)
        #expect(ContentSizeCategory(name: "accessibilityMedium") == .accessibilityMedium)
        #expect(ContentSizeCategory(name: "XL3") == nil)
        #expect(ContentSizeCategory(name: "") == nil)
        #expect(ContentSizeCategory.default == .large && !ContentSizeCategory.large.isAccessibilityCategory)
        #expect(ContentSizeCategory.accessibilityMedium.isAccessibilityCategory)
    }

    @Test("a preferred font resolves to the table's size exactly, once: resolving again does not scale again")
    func preferred() {
        for style in DynamicTypeStyle.allCases {
            for category in ContentSizeCategory.allCases {
                let font = Font.preferred(style).resolved(at: category)
                #expect(font.size == style.size(at: category))
                #expect(font.textStyle == nil && font.weight == style.weight)
                #expect(font.resolved(at: .accessibilityExtraExtraExtraLarge) == font)
            }
        }
    }

    @Test("a custom font with a text style scales by the style's ratio; a font without one never changes")
    func custom() {
        let custom = Font(family: "Open Sans", size: 15, textStyle: .body)
        #expect(custom.resolved(at: .accessibilityExtraLarge).size == 15.0 * 40 / 17)
        #expect(custom.resolved(at: .large).size == 15)
        let fixed = Font(size: 15)
        #expect(fixed.resolved(at: .accessibilityExtraExtraExtraLarge) == fixed)
        #expect(Font.preferred(.headline).description == "DejaVu Sans 17px semibold, headline")
    }
}
