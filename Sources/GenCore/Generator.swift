/// What the CLI and the plugins can choose.
public struct GeneratorOptions: Sendable {
    public var layout: OutputLayout
    /// Overrides the spec's `defaults.access` when set.
    public var accessLevel: AccessLevel?
    /// How the header of every generated file names the spec. The CLI passes the spec's path
    /// relative to the output directory, which does not change with the current directory or
    /// the machine; nil means the `specPath` the diagnostics use.
    public var specReference: String?
    /// How an OpenAPI document given instead of a spec is imported.
    public var importOptions: OpenAPIImportOptions
    /// The part of the API to generate; nil for all of it.
    public var selection: Selection?
    /// Models the app supplies types for; nil for none.
    public var replacements: Replacements?
    /// Modules every generated file imports besides Foundation and GeneratedRuntime: those of the
    /// app's types in `replacements`. Each a module name, as ``Replacements/moduleName(_:)`` reads one.
    public var imports: [String] = []

    public init(
        layout: OutputLayout = .split, accessLevel: AccessLevel? = nil, specReference: String? = nil,
        importOptions: OpenAPIImportOptions = .init(), selection: Selection? = nil, replacements: Replacements? = nil,
        imports: [String] = []
    ) {
        self.layout = layout
        self.accessLevel = accessLevel
        self.specReference = specReference
        self.importOptions = importOptions
        self.selection = selection
        self.replacements = replacements
        self.imports = imports
    }
}

/// The result of one spec: its files, or the diagnostics that stopped it (never both).
public struct GenerationResult: Sendable {
    public var files: [GeneratedFile]
    public var diagnostics: [Diagnostic]
    /// What the spec made of the options' selection, if there is one.
    public var selection: Selection.Outcome?
    /// The spec's models by type name (and by schema name, for an OpenAPI document), replaced
    /// and left out ones too (nil when the spec could not be read, or without replacements):
    /// what a configuration's `replace` is checked against, also when the spec has errors.
    public var modelNames: [String]?
    /// Each struct's properties as `Model.property`, by the names the spec gives them and by their
    /// JSON keys (nil when the spec could not be read, or without replacements).
    public var propertyNames: [String]?
    /// The top-level types the files declare, in the files' order: two specs generated into one
    /// module must not share one.
    public var declaredTypes: [String] = []
    /// The spec's auth schemes (an OpenAPI document's by their keys there), when the options
    /// prefer some: what a configuration's `auth` is checked against, also when the spec has errors.
    public var authSchemeNames: [String]?
    /// An OpenAPI document's security schemes that the import left out, with why, when the
    /// options prefer some: a configuration's `auth` that names one is told why it cannot be.
    public var leftOutAuthSchemes: [LeftOutAuthScheme] = []
    /// Whether the input was an OpenAPI document (imported) rather than a spec.
    public var isOpenAPI = false

    public var succeeded: Bool { !diagnostics.contains { $0.severity == .error } }
}

/// The pipeline: spec text (JSON or YAML) → tree with positions → spec document → resolved API → files.
/// An OpenAPI document takes the import's door into the same spec document. Malformed JSON stops
/// at once; otherwise reading and resolving both run, so one run reports every problem, and files
/// are made only when there is none.
public enum Generator {
    /// Generates the files for one spec (or OpenAPI document). `specPath` is the path the header
    /// and diagnostics name.
    public static func generate(specText: String, specPath: String, options: GeneratorOptions = .init()) -> GenerationResult {
        let root: JSONNode
        do {
            root = try DocumentText.parse(specText, path: specPath)
        } catch {
            return GenerationResult(files: [], diagnostics: [Diagnostic(.error, file: specPath, location: error.location, message: error.message)])
        }
        let isOpenAPI = OpenAPIImport.isOpenAPI(root)
        var (document, collector) = isOpenAPI
            ? OpenAPIImport.read(root, path: specPath, options: options.importOptions)
            : SpecReader.read(root, path: specPath)
        guard let document else {
            return GenerationResult(files: [], diagnostics: collector.sorted, isOpenAPI: isOpenAPI)
        }
        var resolver = Resolver(document: document, file: specPath, accessOverride: options.accessLevel)
        var api = resolver.resolve(specReference: options.specReference ?? specPath)
        collector.append(contentsOf: resolver.diagnostics)
        // What a configuration's `replace` and `auth` are checked against, when it has them.
        let modelNames = options.replacements.map { _ in document.replaceableModelNames }
        let propertyNames = options.replacements.map { _ in document.propertyNames }
        let schemeNames = options.importOptions.preferredSchemes.isEmpty ? nil : document.authSchemeKeys
        let leftOutSchemes = options.importOptions.preferredSchemes.isEmpty ? [] : document.leftOutAuthSchemes
        var replacement: Replacements.Outcome?
        if let replacements = options.replacements {
            (api, replacement) = api.replacing(replacements, specPath: specPath)
        }
        var selection: Selection.Outcome?
        if let selected = options.selection {
            (api, selection) = api.selecting(selected)
        }
        // What is not generated needs no warning, nor the app's type to stand in for the model
        // there. (Errors of the spec stay: a spec with errors does not generate, whatever is left out.)
        let isLeftOut = { (pointer: String) in replacement?.replacedPointers.contains(pointer) == true || selection?.leavesOut(pointer) == true }
        collector.removeAll { $0.severity == .warning && $0.concernsOnly(isLeftOut) }
        for problem in replacement?.diagnostics ?? [] where !problem.concernsOnly(isLeftOut) { collector.append(problem) }
        if collector.hasErrors {
            return GenerationResult(files: [], diagnostics: collector.sorted, modelNames: modelNames, propertyNames: propertyNames,
                                    authSchemeNames: schemeNames, leftOutAuthSchemes: leftOutSchemes, isOpenAPI: isOpenAPI)
        }
        var imports: [String] = []
        for module in options.imports.compactMap(Replacements.moduleName) where !["Foundation", "GeneratedRuntime"].contains(module) && !imports.contains(module) {
            imports.append(module)
        }
        api.imports = imports
        let translator = FileTranslator(api: api, layout: options.layout)
        return GenerationResult(files: translator.files(), diagnostics: collector.sorted, selection: selection, modelNames: modelNames,
                                propertyNames: propertyNames, declaredTypes: translator.declaredTypes(), authSchemeNames: schemeNames,
                                leftOutAuthSchemes: leftOutSchemes, isOpenAPI: isOpenAPI)
    }
}
