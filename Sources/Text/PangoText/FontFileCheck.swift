import CPango

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a font file of a `--font-dir` folder can be measured with, checked when the
/// folder is added rather than found out as texts 0 wide: fontconfig lists a family from
/// a file it could open once (or from its cache, after the file was truncated in
/// place), while Pango measures with HarfBuzz, which reads the file itself and, from a
/// damaged one, gets no glyphs or no advances.
enum FontFileCheck {
    /// The names of the files a font folder is expected to hold fonts in: a file so named
    /// that fontconfig does not list is refused, not skipped.
    static let fontExtensions: Set<String> = ["ttf", "otf", "ttc", "otc"]

    /// Whether `name` ends in one of ``fontExtensions`` (any case).
    static func hasFontExtension(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return fontExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// Why the sfnt file at `path` cannot be whole, or nil: a table directory or a table
    /// that runs past the file's end (a truncated copy, a table count of 0xFFFF). Files
    /// that are not sfnt (TrueType, OpenType or a collection of them) are not judged here.
    static func structureProblem(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return "cannot be read: \(String(cString: strerror(errno)))" }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return "cannot be read: \(String(cString: strerror(errno)))" }
        let directory = SfntDirectory(fileSize: Int(info.st_size)) { offset, count in
            var bytes = [UInt8](repeating: 0, count: count)
            let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
            return got == count ? bytes : nil
        }
        return directory.problem
    }

    /// Why HarfBuzz cannot measure with face `index` of the file at `path` (fontconfig's
    /// index: a variable font's named instance in its high 16 bits), or nil.
    static func measuringProblem(_ path: String, index: Int) -> String? {
        let face = UInt32(truncatingIfNeeded: index & 0xFFFF)
        let which = index == 0 ? "" : " (face \(face))"
        switch cellfit_face_check(path, face) {
        case 0: return nil
        case 1: return "cannot be read by HarfBuzz"
        case 2: return "holds no glyph HarfBuzz can read\(which): not a TrueType or OpenType font Pango measures with, or a damaged one"
        case 3: return "maps no character to a glyph\(which) (no usable 'cmap' table)"
        default: return "gives every glyph a width of 0\(which) (no usable 'hmtx' table)"
        }
    }
}

/// The table directories of an sfnt file, judged against the file's size; only the
/// headers and directories are read.
private struct SfntDirectory {
    let fileSize: Int
    /// `count` bytes from `offset`, or nil when the file has fewer there.
    let read: (_ offset: Int, _ count: Int) -> [UInt8]?

    static func uint16(_ bytes: [UInt8], _ offset: Int) -> Int { Int(bytes[offset]) << 8 | Int(bytes[offset + 1]) }

    static func uint32(_ bytes: [UInt8], _ offset: Int) -> Int { uint16(bytes, offset) << 16 | uint16(bytes, offset + 2) }

    static func tag(_ bytes: [UInt8], _ offset: Int) -> String {
        String(bytes[offset..<offset + 4].map { (32...126).contains($0) ? Character(Unicode.Scalar($0)) : "?" })
    }

    var problem: String? {
        guard let header = read(0, 12) else { return nil }
        switch Self.uint32(header, 0) {
        case 0x0001_0000, 0x7472_7565 /* true */, 0x4F54_544F /* OTTO */, 0x7479_7031 /* typ1 */:
            return tableProblem(at: 0)
        case 0x7474_6366 /* ttcf */:
            let count = Self.uint32(header, 8)
            guard 12 + 4 * count <= fileSize, let offsets = read(12, 4 * count) else {
                return "is a font collection whose list of \(count) fonts runs past the end of the file (\(fileSize) bytes)"
            }
            for font in 0..<count {
                if let problem = tableProblem(at: Self.uint32(offsets, 4 * font)) { return problem }
            }
            return nil
        default:
            return nil
        }
    }

    /// The tables of the offset table at `start`.
    func tableProblem(at start: Int) -> String? {
        guard let header = read(start, 12) else {
            return "has a font at byte \(start), past the end of the file (\(fileSize) bytes)"
        }
        let count = Self.uint16(header, 4)
        guard start + 12 + 16 * count <= fileSize, let records = read(start + 12, 16 * count) else {
            return "has a table directory of \(count) tables that runs past the end of the file (\(fileSize) bytes)"
        }
        for table in 0..<count {
            let offset = Self.uint32(records, 16 * table + 8), length = Self.uint32(records, 16 * table + 12)
            if offset + length > fileSize {
                return "has a table '\(Self.tag(records, 16 * table))' (bytes \(offset) to \(offset + length)) past the end "
                    + "of the file (\(fileSize) bytes): truncated or damaged"
            }
        }
        return nil
    }
}
