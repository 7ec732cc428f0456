/// What the readers of constraints and rows need to know about a declared view.
struct ViewRecord: Sendable {
    let name: String
    /// `label`, `textView`, `image`, `box`, `stack`, or `contentView`.
    let kind: String
    /// The superview's name; `nil` for the content view.
    let superview: String?
    /// Where the view's object starts in the file.
    let offset: Int
}
