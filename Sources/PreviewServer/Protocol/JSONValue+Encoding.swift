extension JSONValue {
    /// Compact JSON text. Whole numbers print without a fraction; others in Swift's shortest
    /// round-trip form, so the text is deterministic and exact.
    public var encoded: String {
        var output = ""
        output.reserveCapacity(256)
        append(to: &output)
        return output
    }

    func append(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value): Self.appendNumber(value, to: &output)
        case .string(let value): Self.appendString(value, to: &output)
        case .array(let elements):
            output += "["
            for (position, element) in elements.enumerated() {
                if position > 0 { output += "," }
                element.append(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (position, member) in members.enumerated() {
                if position > 0 { output += "," }
                appendString(member.key, to: &output)
                output += ":"
                member.value.append(to: &output)
            }
            output += "}"
        }
    }

    private func appendString(_ value: String, to output: inout String) {
        Self.appendString(value, to: &output)
    }

    static func appendNumber(_ value: Double, to output: inout String) {
        guard value.isFinite else {
            output += "null"  // JSON has no NaN or infinity; the engine never produces them
            return
        }
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
            output += String(Int64(value))
        } else {
            output += "\(value)"
        }
    }

    static func appendString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
