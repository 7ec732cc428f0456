/// Why a text went to Pango's full layout rather than a fast path (the words'
/// widths, ``PangoWords``, or the segments', ``PangoSegments``).
///
/// Each case names one rule of the fast paths: a text the rule holds for gives lines
/// the paths cannot certify to be Pango's to the unit, so the measurer lays it out
/// whole. A text that breaks several rules is named by the first one met, in the
/// order the measurer asks them: the measurer's own, then the text's characters,
/// then its items and units as the segments shape them, then its lines. Where the
/// words path refuses an ASCII text the segments path is tried next, so the reason
/// is always the segments' or the measurer's.
///
/// The steps of the paths throw it (`throws(FastPathRefusal)`), so that each reads
/// as a named rule; it is not a failure of the measurement, which the full layout
/// then gives. Docs/TextMetrics.md ("Why a text goes to the full layout") has the
/// table of the cases.
package enum FastPathRefusal: String, CaseIterable, Error {
    // MARK: The measurer's rules

    /// The thread's first measurement in the font: the full layout loads the font's
    /// fontsets, fallbacks included, under the setup lock (`pangoSetupLock`), and no
    /// fast path has the font's objects before that.
    case firstUseOfFont
    /// A text long enough at a width to be laid out in windows
    /// (`PangoLines.isWindowed`): the fast paths' lines would not be the windows', and
    /// their widths could pass Pango's 32-bit range.
    case laidOutInWindows
    /// A text of white space alone: without the white space that ends its paragraph
    /// nothing is left, and the full layout gives the font's empty line.
    case whitespaceOnly
    /// Several paragraphs with right-to-left text: Pango gives a paragraph without a
    /// strong direction the direction of the one before, which the paths, breaking
    /// each paragraph apart, do not know.
    case rightToLeftParagraphs
    /// Truncation past the line limit where the fast path gave no line starts (the
    /// words path broke a word between characters, or the width is unbounded): the
    /// ellipsis's search needs where the cut line starts.
    case truncationWithoutLineStarts

    // MARK: The text's characters

    /// More than 1,024 bytes: the path's tables hold a text's units and segments by
    /// 32-bit offsets and its runs in a 64-bit set, and a long text is rare enough
    /// that a layout costs little in all.
    case tooLong
    /// A space at the text's end: Pango's line keeps it (a single line counts it), where
    /// the path hangs the last white character of every segment.
    case endsWithSpace
    /// A control character, a line or paragraph separator, or white space other than
    /// the tab and the space separators: Pango breaks lines or draws nothing at them,
    /// which the segments do not model.
    case controlCharacter
    /// A format character other than the zero-width space, the zero-width joiner and
    /// emoji tags (bidi controls, the soft hyphen, Arabic number signs): each changes
    /// how its neighbours are ordered, broken or shaped beyond a pair of units.
    case formatCharacter
    /// An unassigned or private-use character: its line breaking class and shaping are
    /// the font's or a later Unicode's, which the path's rules do not know.
    case unassignedCharacter
    /// A script whose shaping or line breaking reaches past a pair of units: letters
    /// that join (Syriac, N'Ko, Mandaic, Mongolian) and words found by dictionary (Thai,
    /// Lao, Khmer, Myanmar; `PangoLines.isContextual`), Arabic aside (its joining is
    /// checked unit by unit).
    case contextualScript

    // MARK: The text's items and units

    /// Pango gave the path nothing to read: no glyph string, or no default tab width.
    case pangoFailure
    /// Pango's items are not the ones the path reads: none, an empty one, one that
    /// does not start on a character or has no font, items that leave part of the text
    /// out, or no segment at all.
    case unexpectedItems
    /// An item past bidi embedding level 2 (left to right inside right to left inside
    /// left to right): its reordering across lines is more than the path's rule for
    /// right-to-left runs.
    case deepBidiLevel
    /// More runs (font, script, language and direction) in one text than the table of
    /// runs holds: a line's runs are a 64-bit set.
    case tooManyRuns
    /// A tab not followed by a line break opportunity (another tab, a closing mark), or
    /// in an item with other characters: a tab must end its segment, where its width is
    /// set by where it lands on the line.
    case tabWithoutBreak
    /// Arabic letters that join across a unit's end in word wrap: each unit is shaped
    /// alone, which would give the letters their isolated or final forms.
    case arabicJoinsAcrossUnits
    /// A unit that starts with a combining mark, in a font with the dotted circle:
    /// shaped alone, HarfBuzz draws the mark on a dotted circle, which Pango, shaping
    /// the item with the text before it, does not.
    case markStartsUnit
    /// A character drawn as nothing (an empty glyph, or no glyph at all) other than the
    /// zero-width space: Pango may give such a character extents or a width of its
    /// own that the unit's glyphs do not show.
    case invisibleCharacter
    /// A character the font lacks whose box (the code Pango draws for it) has other
    /// extents than the font's: the line's extents would depend on the box.
    case missingGlyphExtents
    /// A width past Pango's 32-bit units (the layout's, or a unit's): Pango's own
    /// would wrap around.
    case widthOutOfRange
    /// Two units side by side that shape to other glyphs than each alone (a ligature, a
    /// cluster across them) and, in character wrap, cannot be merged into one unit: the
    /// units' widths would not add up to the text's.
    case unitsShapeTogether
    /// A white character kerned with its neighbour: Pango hangs it at a break by its
    /// kerned width, which the path does not model.
    case kernedWhiteSpace
    /// The units on either side of a zero-width space shape otherwise than their sum
    /// across it: the font's lookups skip the space, so the two kern or ligate.
    case kernedAcrossZeroWidthSpace
    /// Right-to-left text in runs whose baselines differ: which run a reordered line
    /// starts with sets the baseline the others move to, and the path does not reorder.
    case baselinesDisagree

    // MARK: The text's lines

    /// A tab after more than the line's width on its segment: Pango places a tab
    /// wherever it lands, from a line the path would have wrapped.
    case tabPastWidth
    /// A segment wider than the line in character wrap (a grapheme or merged units), or
    /// without the font's layout to break it with: Pango breaks it inside a cluster.
    case characterWiderThanLine
    /// A segment wider than the line in word wrap that spans runs, or that Pango, laying
    /// it out alone, itemizes otherwise: its pieces are not the ones the text's layout
    /// gives.
    case wideSegmentNotOneRun
    /// Units merged in character wrap (they shape together) that a line cannot hold
    /// whole: Pango would break between their characters and shape the pieces anew.
    case mergedUnitsSplit
    /// A white character after a tab that took the line past its width: Pango keeps
    /// it on the line by a rule the path does not derive.
    case whiteAfterOverfullTab
}
