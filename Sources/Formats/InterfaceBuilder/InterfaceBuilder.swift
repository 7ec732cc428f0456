// Interface Builder import: `InterfaceBuilderDocument` reads a .xib or .storyboard with
// Foundation's XMLParser (XMLTree.swift), lists its cells (CellGeometry.swift) and turns one
// into a CellFit template file (CellImporter.swift: views in ViewTree.swift and
// ViewProperties.swift, fonts in Fonts.swift, constraints in Constraints.swift and
// Autoresizing.swift, the JSON text in TemplateJSON.swift).
