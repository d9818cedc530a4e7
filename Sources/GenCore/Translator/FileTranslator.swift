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
            modelUnits.append(("Models/\(model.name).swift", { models.render(model, into: &$0) }))
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

        switch layout {
        case .split:
            return (modelUnits + endpointUnits + serviceUnits).map { unit in
                file(unit.path, [unit.render])
            }
        case .compact:
            let names = OutputLayout.compactFileNames(forSpecAt: api.specReference)
            return [
                file(names[0], modelUnits.map(\.render)),
                file(names[1], endpointUnits.map(\.render)),
                file(names[2], serviceUnits.map(\.render)),
            ]
        }
    }

    private func file(_ path: String, _ declarations: [(inout CodePrinter) -> Void]) -> GeneratedFile {
        var printer = CodePrinter()
        for line in FileHeader.lines(specReference: api.specReference) { printer.line(line) }
        if !declarations.isEmpty {
            printer.line("import Foundation")
            printer.line("import GeneratedRuntime")
        }
        for render in declarations {
            printer.line()
            render(&printer)
        }
        return GeneratedFile(path: path, contents: printer.text)
    }
}
