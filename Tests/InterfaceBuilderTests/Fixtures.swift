// Small Interface Builder documents written for these tests (not copied from any project).

enum Fixtures {
    /// A self-sizing table cell (Xcode 10.1) with a stack of two labels, a switch and an
    /// image view kept by its autoresizing mask; margins, a safe-area guide, a ratio, a
    /// baseline, a design-time placeholder and a size-class variation.
    static let settingCell = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="14460.31" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <tableViewCell contentMode="scaleToFill" reuseIdentifier="SettingCell" rowHeight="-1" id="cel-l1-abc" customClass="SettingCell">
                    <rect key="frame" x="0.0" y="0.0" width="375" height="60"/>
                    <autoresizingMask key="autoresizingMask"/>
                    <tableViewCellContentView key="contentView" opaque="NO" tableViewCell="cel-l1-abc" id="con-te-nt1">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="60"/>
                        <autoresizingMask key="autoresizingMask"/>
                        <subviews>
                            <stackView opaque="NO" axis="vertical" alignment="top" spacingType="standard" translatesAutoresizingMaskIntoConstraints="NO" id="stk-00-001">
                                <rect key="frame" x="16" y="11" width="200" height="38"/>
                                <subviews>
                                    <label text="Title" numberOfLines="0" lineBreakMode="wordWrap" horizontalHuggingPriority="251" translatesAutoresizingMaskIntoConstraints="NO" id="lbl-00-001">
                                        <rect key="frame" x="0.0" y="0.0" width="200" height="19.5"/>
                                        <fontDescription key="fontDescription" type="boldSystem" pointSize="16"/>
                                        <nil key="textColor"/>
                                    </label>
                                    <label hidden="YES" text="Detail" adjustsFontForContentSizeCategory="YES" translatesAutoresizingMaskIntoConstraints="NO" id="lbl-00-002" userLabel="Detail text">
                                        <rect key="frame" x="0.0" y="27.5" width="50" height="10.5"/>
                                        <fontDescription key="fontDescription" style="UICTFontTextStyleSubhead"/>
                                    </label>
                                </subviews>
                            </stackView>
                            <switch opaque="NO" contentHorizontalAlignment="center" translatesAutoresizingMaskIntoConstraints="NO" id="swi-00-001">
                                <rect key="frame" x="308" y="14.5" width="51" height="31"/>
                            </switch>
                            <imageView image="icon" id="img-00-001">
                                <rect key="frame" x="88" y="18" width="23" height="24"/>
                                <autoresizingMask key="autoresizingMask" flexibleMinX="YES" flexibleMaxX="YES" flexibleMaxY="YES"/>
                            </imageView>
                        </subviews>
                        <constraints>
                            <constraint firstItem="stk-00-001" firstAttribute="leading" secondItem="con-te-nt1" secondAttribute="leadingMargin" id="c01-aa-001"/>
                            <constraint firstItem="stk-00-001" firstAttribute="top" secondItem="con-te-nt1" secondAttribute="topMargin" id="c02-aa-001"/>
                            <constraint firstAttribute="bottomMargin" relation="greaterThanOrEqual" secondItem="stk-00-001" secondAttribute="bottom" constant="0.0" id="c03-aa-001"/>
                            <constraint firstItem="swi-00-001" firstAttribute="centerY" secondItem="cel-l1-abc" secondAttribute="centerY" id="c04-aa-001"/>
                            <constraint firstAttribute="trailingMargin" secondItem="swi-00-001" secondAttribute="trailing" id="c05-aa-001"/>
                            <constraint firstItem="swi-00-001" firstAttribute="leading" relation="greaterThanOrEqual" secondItem="stk-00-001" secondAttribute="trailing" constant="8" priority="750" id="c06-aa-001"/>
                            <constraint firstItem="swi-00-001" firstAttribute="top" relation="greaterThanOrEqual" secondItem="gui-de-001" secondAttribute="top" constant="-2" id="c07-aa-001"/>
                            <constraint firstItem="lbl-00-001" firstAttribute="width" secondItem="lbl-00-002" secondAttribute="width" multiplier="4:1" id="c08-aa-001"/>
                            <constraint firstItem="lbl-00-001" firstAttribute="baseline" secondItem="swi-00-001" secondAttribute="centerYWithinMargins" id="c09-aa-001"/>
                            <constraint firstItem="stk-00-001" firstAttribute="height" constant="38" placeholder="YES" id="c10-aa-001"/>
                            <constraint firstItem="stk-00-001" firstAttribute="width" constant="200" id="c11-aa-001"/>
                        </constraints>
                        <variation key="default">
                            <mask key="constraints">
                                <exclude reference="c11-aa-001"/>
                            </mask>
                        </variation>
                        <variation key="widthClass=compact">
                            <mask key="constraints">
                                <include reference="c11-aa-001"/>
                            </mask>
                        </variation>
                    </tableViewCellContentView>
                    <viewLayoutGuide key="safeArea" id="gui-de-001"/>
                    <connections>
                        <outlet property="titleLabel" destination="lbl-00-001" id="out-00-001"/>
                        <outlet property="contentView" destination="swi-00-001" id="out-00-002"/>
                    </connections>
                </tableViewCell>
            </objects>
            <resources>
                <image name="icon" width="24" height="24"/>
            </resources>
        </document>
        """

    /// A collection header with one label: small enough to compare its template whole.
    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="16097">
            <objects>
                <collectionReusableView reuseIdentifier="Header" id="hdr-00-001">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="40"/>
                    <subviews>
                        <label text="A &quot;quoted&quot; title" translatesAutoresizingMaskIntoConstraints="NO" id="lbl-00-009">
                            <rect key="frame" x="8" y="10" width="100" height="20.5"/>
                        </label>
                    </subviews>
                    <constraints>
                        <constraint firstItem="lbl-00-009" firstAttribute="leading" secondItem="hdr-00-001" secondAttribute="leading" constant="8" id="k01-aa-001"/>
                        <constraint firstItem="lbl-00-009" firstAttribute="centerY" secondItem="hdr-00-001" secondAttribute="centerY" id="k02-aa-001"/>
                    </constraints>
                </collectionReusableView>
            </objects>
        </document>
        """

    static let headerTemplate = """
        {
          "name": "Header",
          "description": "Imported from Header.xib, cell hdr-00-001 (Xcode toolsVersion 16097)",
          "fonts": {"System": "DejaVu Sans"},
          "contentView": {"margins": {"top": 0, "leading": 16, "bottom": 0, "trailing": 16}, "ib": "hdr-00-001", "design": [320, 40]},
          "views": [
            {"name": "label1", "kind": "label", "ib": "lbl-00-009", "design": [100, 20.5], "hugging": {"h": 250, "v": 250}, "compression": {"h": 750, "v": 750}, "margins": {"top": 8, "left": 8, "bottom": 8, "right": 8}, "font": {"size": 17, "weight": "regular", "family": "System"}, "lines": 1, "lineBreak": "truncateTail", "text": "label1Text", "staticText": "A \\"quoted\\" title"}
          ],
          "constraints": [
            {"constraint": "label1.leading == contentView.leading + 8 @1000", "identifier": "k01-aa-001"},
            {"constraint": "label1.centerY == contentView.centerY @1000", "identifier": "k02-aa-001"}
          ]
        }

        """

    /// A document with one header whose subviews are `body` (the header is 320 × 40).
    static func header(subviews body: String, constraints: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="16097">
            <objects>
                <collectionReusableView reuseIdentifier="Header" id="hdr-00-001">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="40"/>
                    <subviews>
        \(body)
                    </subviews>
                    <constraints>
        \(constraints)
                    </constraints>
                </collectionReusableView>
            </objects>
        </document>
        """
    }
}
