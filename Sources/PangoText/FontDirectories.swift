import TextMetrics
import CPango
import Locking
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The user's own font files (an app bundle's `.ttf` and `.otf`), added to the fonts
/// every Pango measurer of the process resolves families and faces in.
///
/// The folders go into a private fontconfig configuration: the user's folders, each
/// subfolder named, *before* the system's configuration file is included, so that a
/// face both in a folder and installed on the system is the folder's (fontconfig
/// breaks equal matches by folder order; its application font set would lose them to
/// the system's copy). Its cache files go to a folder of CellFit's own
/// (`$XDG_CACHE_HOME/cellfit/fontconfig`, else `~/.cache/cellfit/fontconfig`, else a
/// new temporary folder): the system's fontconfig files and caches are not touched.
/// The configuration is process-wide, as fontconfig's is: a folder added once
/// serves every measurer after.
extension PangoTextMeasurer {
    /// Adds every font file in `directory` and its subfolders (hidden ones and
    /// symbolic links to folders left out) to the fonts measurers resolve families in,
    /// ahead of the installed ones. Adding the same folder again does nothing.
    ///
    /// Add fonts before measuring: a measurer's ``cache`` keeps what it measured
    /// before (a family that was missing then was refused, so nothing wrong is
    /// kept, but a family a stand-in served under ``MissingFonts/substitute(standIn:report:)``
    /// stays served by it in that cache).
    /// - Returns: the number of font faces added (0 for a folder added before).
    /// - Throws: ``TextMeasurementError/Kind/fontDirectory`` when the folder cannot be
    ///   read or holds no font file fontconfig recognises; the fonts added before stay.
    @discardableResult
    public static func addFonts(inDirectory directory: String) throws(TextMeasurementError) -> Int {
        var info = stat()
        guard stat(directory, &info) == 0 else {
            throw .fontDirectory(directory, "cannot be read: \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .fontDirectory(directory, "is not a folder") }
        let absolute = try absolutePath(directory)
        var folders: [String] = []
        try collectFolders(absolute, into: &folders, depth: 0)
        return try pangoSetupLock.withLock { _ throws(TextMeasurementError) -> Int in
            try userFonts.withLock { state throws(TextMeasurementError) -> Int in
                let identity = FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
                if state.added.contains(identity) { return 0 }
                let before = state.configuration.map { Int(cellfit_config_font_count($0.pointer)) } ?? defaultFontCount()
                let all = state.folders + folders.filter { !state.folders.contains($0) }
                guard let configuration = try makeConfiguration(folders: all) else {
                    throw .backendFailure("fontconfig could not build a configuration with the font folder '\(directory)'")
                }
                let faces = Int(cellfit_config_font_count(configuration.pointer)) - before
                guard faces > 0 else {
                    throw .fontDirectory(directory, "holds no font file fontconfig recognises")
                }
                state.configuration = configuration
                state.folders = all
                state.added.insert(identity)
                // Families missing before may exist now, and every thread's font maps
                // were made with the configuration before.
                FontFamilyResolver.forget()
                fontGeneration.add(1, ordering: .releasing)
                return faces
            }
        }
    }

    /// Deeper than this a folder is not a font collection but a loop or an attack.
    private static let maximumDepth = 32

    private static func collectFolders(_ directory: String, into folders: inout [String], depth: Int) throws(TextMeasurementError) {
        guard depth <= maximumDepth else {
            throw .fontDirectory(directory, "is more than \(maximumDepth) folders deep")
        }
        folders.append(directory)
        guard let stream = opendir(directory) else {
            throw .fontDirectory(directory, "cannot be listed: \(String(cString: strerror(errno)))")
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(".") { continue }
            names.append(name)
        }
        for name in names.sorted() {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            var own = stat()
            guard lstat(path, &own) == 0, own.st_mode & S_IFMT == S_IFDIR else { continue }
            try collectFolders(path, into: &folders, depth: depth + 1)
        }
    }

    private static func absolutePath(_ path: String) throws(TextMeasurementError) -> String {
        guard let resolved = realpath(path, nil) else {
            throw .fontDirectory(path, "cannot be resolved: \(String(cString: strerror(errno)))")
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// A configuration with `folders` first, then the system's configuration file.
    private static func makeConfiguration(folders: [String]) throws(TextMeasurementError) -> FontConfiguration? {
        var xml = "<?xml version=\"1.0\"?>\n<fontconfig>\n"
        xml += "  <cachedir>\(try cacheFolder().xmlEscaped)</cachedir>\n"
        for folder in folders { xml += "  <dir>\(folder.xmlEscaped)</dir>\n" }
        var file = [CChar](repeating: 0, count: 4096)
        if cellfit_default_config_file(&file, Int32(file.count)) == 1 {
            let bytes = file.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            xml += "  <include ignore_missing=\"yes\">\(String(decoding: bytes, as: UTF8.self).xmlEscaped)</include>\n"
        }
        xml += "</fontconfig>\n"
        guard let pointer = cellfit_config_new(xml) else { return nil }
        return FontConfiguration(pointer: pointer)
    }

    /// CellFit's own cache folder for fontconfig: never the system's or fontconfig's own.
    private static func cacheFolder() throws(TextMeasurementError) -> String {
        let environment = { (name: String) -> String? in getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } }
        if let cache = environment("XDG_CACHE_HOME") { return cache + "/cellfit/fontconfig" }
        if let home = environment("HOME") { return home + "/.cache/cellfit/fontconfig" }
        var template = Array("/tmp/cellfit-fontconfig-XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else {
            throw .backendFailure("cannot make a cache folder for fontconfig: \(String(cString: strerror(errno)))")
        }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func defaultFontCount() -> Int {
        guard let current = FcConfigGetCurrent() else { return 0 }
        return Int(cellfit_config_font_count(current))
    }
}

/// A fontconfig configuration, released when the last holder lets go (font maps
/// take their own reference).
final class FontConfiguration: @unchecked Sendable {
    // Unchecked: the pointer is only read, and fontconfig is called under pangoSetupLock.
    let pointer: OpaquePointer
    init(pointer: OpaquePointer) { self.pointer = pointer }
    deinit { cellfit_config_release(pointer) }
}

/// A folder, by device and inode, so that two spellings of one folder are one.
private struct FileIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64
}

private struct UserFonts: Sendable {
    var configuration: FontConfiguration?
    var folders: [String] = []
    var added: Set<FileIdentity> = []
}

private let userFonts = Locked(UserFonts())

/// The configuration fonts resolve in: the private one once a folder was added, else
/// `nil` (fontconfig's default).
func currentFontConfiguration() -> FontConfiguration? {
    userFonts.withLock { $0.configuration }
}

/// Counts the times fonts were added; a thread whose Pango objects are older
/// makes new ones (``PangoThreadState/current()``).
let fontGeneration = Atomic<Int>(0)
