extension Unicode.Scalar {
    /// `properties.isAlphabetic`, without the Unicode table lookup for ASCII, where exactly
    /// A–Z and a–z are alphabetic. Names are almost all ASCII, and the lookup is most of the
    /// time spent splitting them into words.
    var isAlphabetic: Bool {
        value < 0x80 ? (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) : properties.isAlphabetic
    }

    /// `properties.isUppercase`, with ASCII (exactly A–Z) answered directly.
    var isUppercase: Bool {
        value < 0x80 ? (0x41...0x5A).contains(value) : properties.isUppercase
    }

    /// `properties.isLowercase`, with ASCII (exactly a–z) answered directly.
    var isLowercase: Bool {
        value < 0x80 ? (0x61...0x7A).contains(value) : properties.isLowercase
    }
}
