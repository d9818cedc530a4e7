import GeneratedRuntime

// The generated code is in Generated/, written by
// `swift package --allow-writing-to-package-directory generate-endpoints` from
// books.endpointgen.json. Hand-written additions live beside it.

extension Book: Identifiable {}
