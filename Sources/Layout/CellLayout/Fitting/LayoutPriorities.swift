/// The priorities the template itself uses, and the range reserved for them.
///
/// Priorities are strictly lexicographic in the solver (each distinct value is
/// its own level, and no amount of violation at a lower level outweighs any at
/// a higher one), so the edit variables that carry intrinsic sizes get a level
/// of their own *above every priority a template may use*: a suggestion then
/// holds exactly whenever the required constraints allow it, and never trades
/// against a user constraint at the same level. Edit variables cannot be
/// required, so that level is just below 1000. The level above it is for the
/// probe that asks whether a label's width is fixed by required constraints.
/// Below intrinsic sizes sit the bounds that keep a wrapping text's width
/// within what its measurement covers (``textWidth``), and below every
/// declarable priority the tie-break between wrapping texts (``textTieBreak``).
/// Declared priorities must therefore be 1000 or in 1...``maximumOptional``.
enum LayoutPriorities {
    /// The highest priority a declaration may use below required.
    static let maximumOptional = Priority(999.999)
    /// The probe that tests whether a width is pinned: the highest level below required.
    static let probe = Priority(Float(1000).nextDown)
    /// Intrinsic sizes and baseline offsets, as edit variables: the next level down.
    static let intrinsic = Priority(Float(1000).nextDown.nextDown)
    /// A wrapping text's width bounds — at least its widest word, at most the width it
    /// was measured at — the next level down: above every declared priority, so that
    /// only required constraints can move a text off the width its height was
    /// measured for (Docs/Semantics.md, "Text that wraps").
    static let textWidth = Priority(Float(1000).nextDown.nextDown.nextDown)
    /// Wrapping texts whose widths are still free at every declared level share
    /// them equally: below every priority a template can declare (1), so it only
    /// chooses among layouts the template finds equally good.
    static let textTieBreak = Priority(0.5)
    /// A stack with a non-fill alignment hugs its arranged views across its axis
    /// at this priority: just above the fitting level, so the stack is as small as
    /// its views allow but yields to every declared preference (UIStackView's
    /// "spanning fit").
    static let stackFit = Priority(51)
    /// fillProportionally's shares: above every hugging and compression
    /// resistance a template declares by default, below required (UIKit's
    /// `UISV-fill-proportionally` constraints are optional and win over 750).
    static let proportionalFill = Priority(999)
    /// A stack's hidden arranged view (``Visibility/uikitHidden``) is zero along its
    /// axis at UIStackView's `UISV-hiding` priority: just below required, so that a
    /// required length of the view's own still holds, as in UIKit.
    static let stackHiding = Priority(999.999)
    /// …and hangs beside its neighbours at UIStackView's `UISV-spacing-hidden` priority.
    static let stackHiddenSpacing = Priority(50)

    /// Whether a declaration may use `priority`.
    static func isDeclarable(_ priority: Priority) -> Bool {
        priority.isValid && priority.rawValue >= 1 && (priority.isRequired || priority <= maximumOptional)
    }
}
