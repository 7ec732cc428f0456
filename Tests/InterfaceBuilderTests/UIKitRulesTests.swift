import CellLayout
import Foundation
@testable import InterfaceBuilder
import PangoText
import TemplateFiles
import Testing

/// The rules of `UIKitRules.swift`, each held against a cell of a development repository
/// whose stored frames show it (`Fixtures/rules/`, origins and licences in its NOTICE.md;
/// Docs/InterfaceBuilder.md, "Apple's rules, with their evidence").
@Suite("UIKit's rules for imported cells")
struct UIKitRulesTests {
    static let rules = SharedFixtures.directory + "/rules/cells/"

    func imported(_ file: String, cell id: String, directory: String = rules) throws -> (ImportedCell, path: String) {
        let path = directory + file
        let document = try InterfaceBuilderDocument(contentsOfFile: path)
        return (try document.importCell(try document.cell(matching: id)), path)
    }

    /// The template's `contentView.margins` as top, left, bottom, right.
    func contentMargins(_ cell: ImportedCell) throws -> [Double] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(cell.templateJSON.utf8)) as? [String: Any])
        let content = try #require(object["contentView"] as? [String: Any])
        let margins = try #require(content["margins"] as? [String: Double])
        // UIKit's own margins for a cell are written by direction (leading, trailing).
        let sides = margins["leading"] == nil ? ["top", "left", "bottom", "right"] : ["top", "leading", "bottom", "trailing"]
        return sides.compactMap { margins[$0] }
    }

    /// The views whose frame, laid out at IB's content size with IB's design sizes on IB's
    /// pixel grid, is more than half a point from the frame IB stored.
    func framesOff(_ cell: ImportedCell, path: String) throws -> [String] {
        let file = try TemplateFile(parsing: cell.templateJSON, path: path)
        var fitter = file.template.makeFitter(measurer: PangoTextMeasurer(scale: Oracle.scale(ofFile: path)))
        fitter.recoversFromConflicts = true
        let layout = try fitter.layout(
            row: CellContent(), width: cell.contentSize.width, height: cell.contentSize.height, intrinsicSizes: .design)
        return cell.frames.compactMap { name, ib in
            guard let mine = layout.frame(of: name) else { return name }
            let by = [mine.x - ib.x, mine.y - ib.y, mine.width - ib.width, mine.height - ib.height].map(abs).max() ?? 0
            return by > Oracle.tolerance ? "\(name): \(mine) vs IB \(ib)" : nil
        }.sorted()
    }

    @Test("the placeholder toolsVersion 32700.99.1234 is read as the plug-in's build")
    func placeholderToolsVersion() throws {
        #expect(XcodeBuild(toolsVersion: "32700.99.1234", pluginVersion: "22685").build == 22685)
        #expect(XcodeBuild(toolsVersion: "32700.99.1234", pluginVersion: "22685").isPlaceholder)
        #expect(XcodeBuild(toolsVersion: "17701", pluginVersion: "17703").build == 17701)
        #expect(XcodeBuild(toolsVersion: "14490.70", pluginVersion: nil).build == 14490)
        #expect(XcodeBuild(toolsVersion: "32700.99.1234", pluginVersion: nil).build == nil)
        // Monal's storyboard (a shared xib2 fixture) was saved with the placeholder and the
        // plug-in of Xcode 15: its cells are no Xcode 26 cells.
        let monal = SharedFixtures.directory(of: "xib2") + "/cells/monal-im__Monal__Monal__localization__Base.lproj__Main.storyboard"
        let document = try InterfaceBuilderDocument(contentsOfFile: monal)
        #expect(document.toolsVersion == 22685)
    }

    @Test("an accessory leaves the content view 8 pt on its trailing side")
    func accessoryTrailingMargin() throws {
        // dgca-wallet: a 414 pt cell (Xcode 12) with a disclosure indicator; 20 at the leading side.
        let settings = "eu-digital-green-certificates__dgca-wallet-app-ios__DGCAWallet__Storyboards__Base.lproj__Settings.storyboard"
        for id in ["86j-jg-cmK", "38g-2Y-WsE"] {
            let (cell, path) = try imported(settings, cell: id)
            #expect(try contentMargins(cell) == [11, 20, 11, 8])
            #expect(try framesOff(cell, path: path) == [])
        }
        // iOS-10-Sampler: a 375 pt cell saved by Xcode 11.
        let (sampler, path) = try imported("shu223__iOS-10-Sampler__iOS-10-Sampler__Base.lproj__Main.storyboard", cell: "xB2-M3-zQO")
        #expect(try contentMargins(sampler).last == 8)
        #expect(try framesOff(sampler, path: path) == [])
    }

    @Test("a cell outside a table saved by an Xcode 11 beta (build 14845) has 15 pt side margins")
    func xcode11BetaSideMargins() throws {
        let (cell, path) = try imported("LoopKit__LoopKit__LoopKitUI__Views__SetConstrainedScheduleEntryTableViewCell.xib", cell: "9cw-WW-AKt")
        #expect(try contentMargins(cell) == [11, 15, 11, 15])
        #expect(try framesOff(cell, path: path) == [])
    }

    @Test("a content view with margins of its own that preserves the cell's takes the larger on each edge")
    func preservedSuperviewMargins() throws {
        // The file sets 8, 15, 8, 8 and preservesSuperviewLayoutMargins; IB lays out in 11, 15, 11, 15.
        let (cell, _) = try imported("LoopKit__LoopKit__LoopKitUI__Views__TextFieldTableViewCell.xib", cell: "89D-8j-fmc")
        #expect(try contentMargins(cell) == [11, 15, 11, 15])
        let field = try #require(cell.frames.first { $0.key.lowercased().contains("textfield") }?.value)
        #expect(field.x == 15 && field.y == 11 && field.height == 32)
    }

    @Test("a stack whose file sets its layout margins arranges its views inside them")
    func stackMarginsInTheFile() throws {
        let (cell, path) = try imported("covid19cz__erouska-ios__eRouska__Interface__Active__Active.storyboard", cell: "5bm-Aw-0OQ")
        #expect(cell.templateJSON.contains(#""marginsRelative": true"#))
        #expect(try framesOff(cell, path: path) == [])
    }

    @Test("a slider's alignment rectangle is 2 pt inside its frame at the sides before Xcode 26")
    func sliderAlignmentInsets() throws {
        let file = "amirdew__CollectionViewPagingLayout__Samples__PagingLayoutSamples__Modules__LayoutDesigner__Options__cell__LayoutDesignerOptionCell.xib"
        let (cell, path) = try imported(file, cell: "zKJ-Nl-W1N")
        #expect(cell.templateJSON.contains(#""alignmentInsets": {"top": 0, "left": 2, "bottom": 0, "right": 2}"#))
        // Horizontally every slider is IB's; vertically UIKit's slider insets changed with
        // the SDK and are not modelled (Docs/InterfaceBuilder.md).
        let template = try TemplateFile(parsing: cell.templateJSON, path: path)
        var fitter = template.template.makeFitter(measurer: PangoTextMeasurer(scale: Oracle.scale(ofFile: path)))
        fitter.recoversFromConflicts = true
        let layout = try fitter.layout(
            row: CellContent(), width: cell.contentSize.width, height: cell.contentSize.height, intrinsicSizes: .design)
        for (name, ib) in cell.frames where name.lowercased().contains("slider") && !name.lowercased().contains("input") {
            let mine = try #require(layout.frame(of: name))
            #expect(abs(mine.x - ib.x) <= Oracle.tolerance && abs(mine.width - ib.width) <= Oracle.tolerance, "\(name)")
        }
    }
}
