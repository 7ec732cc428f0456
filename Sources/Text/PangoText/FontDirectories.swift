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
    /// Only regular files are read, and symbolic links to them: a FIFO, a socket, a
    /// device or a link to anything else is left out, never opened (fontconfig would
    /// open a FIFO named `*.ttf` and wait on it for ever). Every font fontconfig lists
    /// from the folder, from its files or from its cache, must be whole and measure:
    /// its tables within the file, and HarfBuzz (Pango's shaper) finding glyphs,
    /// characters mapped to them and advances that are not all 0; a `.ttf`, `.otf`,
    /// `.ttc` or `.otc` file fontconfig does not list is refused too. So a damaged
    /// font is an error naming its file, never a family that measures every text 0 wide.
    ///
    /// Add fonts before measuring: a measurer's ``cache`` keeps what it measured
    /// before (a family that was missing then was refused, so nothing wrong is
    /// kept, but a family a stand-in served under ``MissingFonts/substitute(standIn:report:)``
    /// stays served by it in that cache).
    /// - Returns: the number of font faces added (0 for a folder added before).
    /// - Throws: ``TextMeasurementError/Kind/fontDirectory`` when the folder cannot be
    ///   read, holds no font file fontconfig recognises, or holds a font file that
    ///   cannot be loaded or measures nothing (named); the fonts added before stay, and
    ///   nothing of the folder is added.
    @discardableResult
    public static func addFonts(inDirectory directory: String) throws(TextMeasurementError) -> Int {
        var info = stat()
        guard stat(directory, &info) == 0 else {
            throw .fontDirectory(directory, "cannot be read: \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .fontDirectory(directory, "is not a folder") }
        let absolute = try absolutePath(directory)
        return try pangoSetupLock.withLock { _ throws(TextMeasurementError) -> Int in
            try userFonts.withLock { state throws(TextMeasurementError) -> Int in
                let identity = FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
                if state.added.contains(identity) { return 0 }
                // Every folder is listed again: what fontconfig must not open may have
                // appeared in a folder added before, and the configuration scans them all.
                var listing = FolderListing()
                for root in state.roots + [absolute] { try listing.collect(root, depth: 0) }
                var added = FolderListing()
                try added.collect(absolute, depth: 0)
                let before = state.configuration.map { Int(cellfit_config_font_count($0.pointer)) } ?? defaultFontCount()
                // fontconfig opens every file of a folder it scans, before its rejectfont
                // rules apply, and opening a FIFO waits for a writer: each is held open
                // for writing meanwhile (read-write, which does not wait), so the open
                // returns and FreeType passes over a file of size 0, unread.
                let held = listing.leftOut.compactMap { path -> Int32? in
                    var info = stat()
                    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFIFO else { return nil }
                    let descriptor = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
                    return descriptor >= 0 ? descriptor : nil
                }
                defer { for descriptor in held { close(descriptor) } }
                guard let configuration = try makeConfiguration(folders: listing.folders, leftOut: listing.leftOut) else {
                    throw .backendFailure("fontconfig could not build a configuration with the font folder '\(directory)'")
                }
                try checkFonts(added.files, in: configuration, folder: directory, root: absolute)
                let faces = Int(cellfit_config_font_count(configuration.pointer)) - before
                guard faces > 0 else {
                    throw .fontDirectory(directory, "holds no font file fontconfig recognises")
                }
                state.configuration = configuration
                state.roots.append(absolute)
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
    fileprivate static let maximumDepth = 32

    /// Refuses the first of `files` (regular files of the folder being added) that
    /// `configuration` lists as a font and that is not whole or measures nothing, or
    /// that is named as a font file and is not listed.
    /// - Throws: ``TextMeasurementError/Kind/fontDirectory`` naming the file.
    private static func checkFonts(
        _ files: [String], in configuration: FontConfiguration, folder: String, root: String
    ) throws(TextMeasurementError) {
        var listed: [String: [Int]] = [:]
        for font in 0..<Int(cellfit_config_font_count(configuration.pointer)) {
            var file: UnsafePointer<CChar>?
            var index: Int32 = 0
            guard cellfit_config_font_file(configuration.pointer, Int32(font), &file, &index) == 1, let file else { continue }
            listed[String(cString: file), default: []].append(Int(index))
        }
        for file in files {
            let faces = listed[file] ?? []
            let named = FontFileCheck.hasFontExtension(file)
            guard named || !faces.isEmpty else { continue }
            // As the user wrote the folder, for the message.
            let shown = folder + file.dropFirst(root.count)
            if let problem = FontFileCheck.structureProblem(file) { throw .fontFile(shown, problem) }
            guard !faces.isEmpty else {
                throw .fontFile(shown, "is not a font fontconfig can read (FreeType cannot open it: damaged, or not a font)")
            }
            for index in Set(faces).sorted() {
                if let problem = FontFileCheck.measuringProblem(file, index: index) { throw .fontFile(shown, problem) }
            }
        }
    }

    private static func absolutePath(_ path: String) throws(TextMeasurementError) -> String {
        guard let resolved = realpath(path, nil) else {
            throw .fontDirectory(path, "cannot be resolved: \(String(cString: strerror(errno)))")
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// A configuration with `folders` first, then the system's configuration file;
    /// the paths `leftOut` are not fonts or folders of it (a `<rejectfont>` glob each,
    /// which fontconfig checks when it takes a folder's fonts and subfolders, from a
    /// scan or from its cache: a link to a folder is not followed).
    private static func makeConfiguration(folders: [String], leftOut: [String]) throws(TextMeasurementError) -> FontConfiguration? {
        var xml = "<?xml version=\"1.0\"?>\n<fontconfig>\n"
        xml += "  <cachedir>\(try cacheFolder().xmlEscaped)</cachedir>\n"
        for folder in folders { xml += "  <dir>\(folder.xmlEscaped)</dir>\n" }
        if !leftOut.isEmpty {
            xml += "  <selectfont><rejectfont>\n"
            for path in leftOut { xml += "    <glob>\(path.xmlEscaped)</glob>\n" }
            xml += "  </rejectfont></selectfont>\n"
        }
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
    /// The folders added, resolved, in order.
    var roots: [String] = []
    var added: Set<FileIdentity> = []
}

/// What font folders hold, listed before fontconfig sees them.
private struct FolderListing {
    /// Every folder, subfolders included (not through symbolic links), each once, in order.
    var folders: [String] = []
    /// Regular files, and symbolic links to regular files.
    var files: [String] = []
    /// What fontconfig must not open: FIFOs, sockets, devices, and symbolic links to
    /// anything but a regular file (a folder, a FIFO, nothing).
    var leftOut: [String] = []

    /// Lists `directory` and its subfolders (names starting with "." left out, as
    /// fontconfig leaves them out).
    mutating func collect(_ directory: String, depth: Int) throws(TextMeasurementError) {
        guard depth <= PangoTextMeasurer.maximumDepth else {
            throw .fontDirectory(directory, "is more than \(PangoTextMeasurer.maximumDepth) folders deep")
        }
        guard !folders.contains(directory) else { return }
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
            guard lstat(path, &own) == 0 else { continue }
            switch own.st_mode & S_IFMT {
            case S_IFDIR:
                try collect(path, depth: depth + 1)
            case S_IFREG:
                files.append(path)
            case S_IFLNK:
                var target = stat()
                if stat(path, &target) == 0, target.st_mode & S_IFMT == S_IFREG {
                    files.append(path)
                } else {
                    try leaveOut(path, in: directory)
                }
            default:
                try leaveOut(path, in: directory)
            }
        }
    }

    /// Adds `path` to ``leftOut``.
    /// - Throws: when its name holds `*` or `?`, which a fontconfig glob cannot match
    ///   alone (it has no escape): the glob would leave out other files too.
    private mutating func leaveOut(_ path: String, in directory: String) throws(TextMeasurementError) {
        guard !path.contains("*"), !path.contains("?") else {
            throw .fontDirectory(
                directory,
                "holds '\(path.split(separator: "/").last ?? "")', which is not a regular file and cannot be left out "
                    + "(fontconfig reads '*' and '?' in a path as wildcards): remove it or rename it")
        }
        leftOut.append(path)
    }
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
