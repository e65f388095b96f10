import PreviewWire

/// Where two lists of frames (wire JSON, one per line) first part: the frame, and the member of it,
/// so a failing replay in CI says what changed, not just that something did.
public enum FrameComparison {
    /// nil when the lists are equal; otherwise one line such as
    /// `frame 12 (seq 40): slots[1].x is 17, expected 16`.
    public static func firstDifference(expected: [String], actual: [String]) -> String? {
        for (index, (wanted, got)) in zip(expected, actual).enumerated() where wanted != got {
            let label = "frame \(index + 1)"
            guard let wantedValue = try? JSONParser.parse(wanted) else {
                return "\(label) of the expected file is not JSON"
            }
            guard let gotValue = try? JSONParser.parse(got) else { return "\(label) of the replay is not JSON" }
            let seq = wantedValue["seq"].map { " (seq \($0.encoded))" } ?? ""
            let difference = Self.difference(wantedValue, gotValue, path: "") ?? "the text differs"
            return "\(label)\(seq): \(difference)"
        }
        if expected.count != actual.count {
            return "the replay sent \(actual.count) frames, expected \(expected.count)"
        }
        return nil
    }

    /// The first member where `got` differs from `wanted`, depth first in the expected order.
    private static func difference(_ wanted: JSONValue, _ got: JSONValue, path: String) -> String? {
        switch (wanted, got) {
        case (.object(let wantedMembers), .object):
            for (key, value) in wantedMembers {
                let member = path.isEmpty ? key : "\(path).\(key)"
                guard let other = got[key] else { return "\(member) is missing, expected \(value.encoded)" }
                if let found = difference(value, other, path: member) { return found }
            }
            if case .object(let gotMembers) = got,
                let extra = gotMembers.first(where: { key, _ in wanted[key] == nil })
            {
                return "\(path.isEmpty ? extra.key : "\(path).\(extra.key)") is not expected"
            }
            return nil
        case (.array(let wantedItems), .array(let gotItems)):
            for (index, (value, other)) in zip(wantedItems, gotItems).enumerated() {
                if let found = difference(value, other, path: "\(path)[\(index)]") { return found }
            }
            guard wantedItems.count == gotItems.count else {
                return "\(path) has \(gotItems.count) elements, expected \(wantedItems.count)"
            }
            return nil
        default:
            return wanted == got ? nil : "\(path) is \(got.encoded), expected \(wanted.encoded)"
        }
    }
}
