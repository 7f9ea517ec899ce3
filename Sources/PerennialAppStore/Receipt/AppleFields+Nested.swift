import Foundation

extension AppleFields {
    /// The field when it is an object.
    func object(_ key: AppleFieldKey) -> AppleFields? {
        if let (tape, object) = parsed {
            guard let member = tape.member(key, of: object), tape.nodes[member].kind == .object else { return nil }
            return AppleFields(tape: tape, object: member)
        }
        guard case .object(let value)? = values[key.name] else { return nil }
        return AppleFields(value)
    }

    /// The field's objects when it is an array; elements that are not objects are left out.
    func objects(_ key: AppleFieldKey) -> [AppleFields]? {
        if let (tape, object) = parsed {
            guard let member = tape.member(key, of: object), tape.nodes[member].kind == .array else { return nil }
            return tape.children(of: member).compactMap { element in
                tape.nodes[element].kind == .object ? AppleFields(tape: tape, object: element) : nil
            }
        }
        guard case .array(let items)? = values[key.name] else { return nil }
        return items.compactMap { item in
            guard case .object(let object) = item else { return nil }
            return AppleFields(object)
        }
    }

    /// Every field but those under `keys`.
    func values(excluding keys: [AppleFieldKey]) -> [String: JSONValue] {
        if let (tape, object) = parsed {
            var remaining: [String: JSONValue] = [:]
            for member in tape.children(of: object) {
                let name = tape.keyName(of: member)
                guard !keys.contains(where: { $0.name == name }) else { continue }
                remaining[name] = tape.value(at: member)
            }
            return remaining
        }
        let names = Set(keys.map(\.name))
        return values.filter { !names.contains($0.key) }
    }

    /// Whether both were read from bodies, from objects whose text is byte for byte the same: then every
    /// field reads the same. False whenever either is not read from a body, even if equal.
    func hasSameText(as other: AppleFields) -> Bool {
        guard let (tape, object) = parsed, let (otherTape, otherObject) = other.parsed else { return false }
        if tape === otherTape && object == otherObject { return true }
        let text = tape.objectText(at: object), otherText = otherTape.objectText(at: otherObject)
        return text.count == otherText.count && (text.isEmpty || memcmp(text.baseAddress!, otherText.baseAddress!, text.count) == 0)
    }
}
