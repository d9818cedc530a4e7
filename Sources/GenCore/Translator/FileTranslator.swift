/// Assembles a resolved API into files in the chosen layout. Order follows the spec: models,
/// then each resource's endpoints and services, so the same spec always gives the same bytes.
struct FileTranslator {
    let api: ResolvedAPI
    let layout: OutputLayout

    func files() -> [GeneratedFile] {
        let models = ModelTranslator(access: api.access)
        let endpoints = EndpointTranslator(access: api.access)
        let services = ServiceTranslator(access: api.access)
        let namespace = APINamespaceTranslator(access: api.access)

        // Each unit is one top-level declaration and the file it gets in the split layout.
        var modelUnits: [(path: String, render: (inout CodePrinter) -> Void)] = []
        var endpointUnits: [(path: String, render: (inout CodePrinter) -> Void)] = []
        var serviceUnits: [(path: String, render: (inout CodePrinter) -> Void)] = []

        for model in api.models {
            // SwiftPM takes a file named `main.swift`, in any case, for a program's entry point.
            let file = model.name.lowercased() == "main" ? "\(model.name)+Model" : model.name
            modelUnits.append(("Models/\(file).swift", { models.render(model, into: &$0) }))
        }
        for service in api.services {
            let folder = SwiftNaming.typeName(service.resourceName)
            for endpoint in service.endpoints {
                endpointUnits.append(("Endpoints/\(folder)/\(endpoint.typeName).swift", { endpoints.render(endpoint, into: &$0) }))
            }
            serviceUnits.append(("Services/\(service.name).swift", { services.renderNamespace(service, into: &$0) }))
            serviceUnits.append(("Services/\(service.protocolName).swift", { services.renderProtocol(service, into: &$0) }))
            serviceUnits.append(("Services/\(service.liveName).swift", { services.renderLive(service, into: &$0) }))
        }
        let api = self.api
        serviceUnits.append(("\(api.namespace).swift", { namespace.render(api, into: &$0) }))

        // Every declaration rendered once, on its own, then put into the layout's files.
        let units = modelUnits + endpointUnits + serviceUnits
        let declarations = units.map { unit in
            var printer = CodePrinter()
            unit.render(&printer)
            return printer
        }
        switch layout {
        case .split:
            return zip(units, declarations).map { unit, declaration in file(unit.path, [declaration]) }
        case .compact:
            // The run of declarations cut into parts, in order: a build compiles the parts side
            // by side (the last one half the size of the others, see `partition`).
            let names = OutputLayout.compactFileNames(forSpecAt: api.specReference)
            let parts = Self.partition(declarations.map(\.size), into: names.count)
            return zip(names, parts).map { name, part in file(name, Array(declarations[part])) }
        }
    }

    /// The names of the top-level declarations `files()` writes, in its order.
    func declaredTypes() -> [String] {
        api.models.map(\.name)
            + api.services.flatMap { $0.endpoints.map(\.typeName) }
            + api.services.flatMap { [$0.name, $0.protocolName, $0.liveName] }
            + [api.namespace]
    }

    /// Cuts a run of declarations of the given sizes into `count` consecutive ranges, each
    /// declaration going to the part its middle falls in; a range may be empty when there are
    /// fewer declarations than parts. The parts are about as large as each other, except the last,
    /// which is about half as large: in a debug build with SwiftPM, the Swift driver compiles a
    /// module's files in batch jobs, one per core, each taking a run of files in order, and the
    /// job that emits the module's interface takes a core first, so the job holding the last
    /// files starts only when that one ends. It costs about what half a part does (3.5 s beside
    /// batch jobs of 20 s for four parts each, 1,500 operations on two cores), so with a lighter
    /// last part the batch jobs end together; with four or eight cores the last job holds the
    /// last two parts or the last one, and the same half part makes up for the late start
    /// (Benchmarks/README.md).
    static func partition(_ sizes: [Int], into count: Int) -> [Range<Int>] {
        let total = max(sizes.reduce(0, +), 1)
        // In halves of a part: two for each part, one for the last.
        let halves = 2 * count - 1
        var bounds = [0]
        var before = 0
        for (index, size) in sizes.enumerated() {
            let half = (before + size / 2) * halves / total
            let part = min(half / 2, count - 1)
            while bounds.count <= part { bounds.append(index) }
            before += size
        }
        while bounds.count < count { bounds.append(sizes.count) }
        bounds.append(sizes.count)
        return (0..<count).map { bounds[$0]..<bounds[$0 + 1] }
    }

    private func file(_ path: String, _ declarations: [CodePrinter]) -> GeneratedFile {
        var printer = CodePrinter()
        for line in FileHeader.lines(specReference: api.specReference) { printer.line(line) }
        if !declarations.isEmpty {
            printer.line("import Foundation")
            printer.line("import GeneratedRuntime")
            for module in api.imports { printer.line("import \(module)") }
        }
        for declaration in declarations {
            printer.line()
            printer.append(declaration)
        }
        return GeneratedFile(path: path, contents: printer.text)
    }
}
