/// A JSON pointer token (`~` → `~0`, `/` → `~1`) that is safe in a one-line comment: control
/// and line-separating characters are percent-encoded, as in a URI fragment.
func jsonPointerToken(_ key: String) -> String {
    var result = ""
    for scalar in key.unicodeScalars {
        switch scalar {
        case "~": result += "~0"
        case "/": result += "~1"
        case "%": result += "%25"
        default:
            if CommentText.isUnsafe(scalar) {
                for byte in String(scalar).utf8 {
                    let hex = String(byte, radix: 16, uppercase: true)
                    result += "%" + (hex.count < 2 ? "0" + hex : hex)
                }
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result
}
