/// A screen a cell is checked on: its name, its width in points and whether it is an
/// iPad, as UIKit's margins care (`cellfit check --devices`, Docs/Check.md).
///
/// Importing a table view cell ``InterfaceBuilderDocument/importCell(_:on:)`` a device
/// lays it out as the table on that screen would: the table as much wider or narrower
/// than on the design device as the screen is, the cell and its content view with it
/// (accessories and inset-grouped insets keep their widths), and the side margins of
/// that screen. Collection cells, reusable views and top-level views keep their own
/// size: a flow layout's item size does not follow the screen.
public struct Device: Sendable, Hashable, CustomStringConvertible {
    /// The key the command line takes: `iphone-se-1`, `ipad-11-landscape`.
    public let key: String
    /// What people call it.
    public let name: String
    /// The screen's width in points, in the orientation the key names.
    public let width: Double
    /// Whether it is an iPad (wide system margins at any width).
    public let isPad: Bool

    /// A device of one's own: `key` as the command line names it.
    public init(key: String, name: String, width: Double, isPad: Bool) {
        self.key = key
        self.name = name
        self.width = width
        self.isPad = isPad
    }

    /// `iPhone SE (2016), 320 pt`.
    public var description: String { "\(name), \(formatNumber(width)) pt" }

    /// The devices `check --devices` knows, narrowest phone first (Docs/Check.md).
    public static let catalog: [Device] = [
        Device(key: "iphone-se-1", name: "iPhone SE (2016)", width: 320, isPad: false),
        Device(key: "iphone-se-3", name: "iPhone SE (2020, 2022), iPhone 8", width: 375, isPad: false),
        Device(key: "iphone-14", name: "iPhone 12, 13, 14", width: 390, isPad: false),
        Device(key: "iphone-16", name: "iPhone 15, 16, 15 Pro", width: 393, isPad: false),
        Device(key: "iphone-16-pro", name: "iPhone 16 Pro", width: 402, isPad: false),
        Device(key: "iphone-11", name: "iPhone 11, XR, XS Max", width: 414, isPad: false),
        Device(key: "iphone-16-plus", name: "iPhone 15 Plus, 16 Plus, 15 Pro Max", width: 430, isPad: false),
        Device(key: "iphone-16-pro-max", name: "iPhone 16 Pro Max", width: 440, isPad: false),
        Device(key: "ipad-mini", name: "iPad mini (portrait)", width: 744, isPad: true),
        Device(key: "ipad-11", name: "iPad, iPad Air 11-inch (portrait)", width: 820, isPad: true),
        Device(key: "ipad-13", name: "iPad Pro 13-inch (portrait)", width: 1032, isPad: true),
        Device(key: "ipad-mini-landscape", name: "iPad mini (landscape)", width: 1133, isPad: true),
        Device(key: "ipad-11-landscape", name: "iPad, iPad Air 11-inch (landscape)", width: 1180, isPad: true),
        Device(key: "ipad-13-landscape", name: "iPad Pro 13-inch (landscape)", width: 1376, isPad: true),
    ]

    /// Today's common phones, `check`'s default (the document's design device is added).
    public static let common: [Device] = ["iphone-se-3", "iphone-16", "iphone-16-pro", "iphone-16-plus", "iphone-16-pro-max"]
        .compactMap { key in catalog.first { $0.key == key } }

    /// The catalog's device with this key.
    public static func named(_ key: String) -> Device? { catalog.first { $0.key == key } }
}

extension DesignDevice {
    init(_ device: Device) {
        width = device.isPad ? nil : device.width
        isPad = device.isPad
    }
}

extension Device {
    /// The pixel grid (1, 2 or 3 pixels a point) Interface Builder snapped a document's
    /// frames to: its canvas device's scale, 3 for the Plus, X and Max phones' canvases,
    /// 2 for the others and for a file that names none (Xcode 8 and earlier laid out on
    /// a 2x canvas).
    public static func designScale(ofDeviceID id: String?) -> Int {
        let threeX = ["retina5_5", "retina5_9", "retina6_5", "retina6_7", "iPhone12ProMax", "retina6_12", "retina6_72"]
        return id.map(threeX.contains) == true ? 3 : 2
    }
}

extension InterfaceBuilderDocument {
    /// The pixel grid of the document's frames (``Device/designScale(ofDeviceID:)``).
    public var designScale: Int { Device.designScale(ofDeviceID: designDeviceID) }

    /// The id of the device the document was designed on (`<device id="retina6_12">`);
    /// nil for a file that names none (Xcode 8 and earlier).
    public var designDeviceID: String? { reader.designDeviceID }
}
