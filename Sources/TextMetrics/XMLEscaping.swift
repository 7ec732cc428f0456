extension String {
    /// This text with the five XML special characters escaped, for attribute values and
    /// element text alike: the fontconfig configuration PangoText writes and the SVG
    /// pictures of `cellfit render` both hold the user's paths, names and texts.
    package var xmlEscaped: String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for character in self {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(character)
            }
        }
        return out
    }
}
