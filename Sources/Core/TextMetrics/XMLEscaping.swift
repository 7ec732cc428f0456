extension String {
    /// This text with the five XML special characters escaped and the control characters
    /// XML 1.0 cannot hold replaced by `?`, for attribute values and element text alike:
    /// the fontconfig configuration PangoText writes, the SVG pictures of `cellfit render`
    /// and `check`'s JUnit report all hold the user's paths, names and texts.
    package var xmlEscaped: String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                // XML 1.0 has no other control characters, escaped or not: they would
                // make the whole document unreadable.
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) {
                    out += "?"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
