import PreviewWire

/// A session's named variants: a save or a delete changes the shelf, never the carousel, and every
/// viewer is told of the one variant that changed (not the whole shelf, so a save costs the same
/// whatever the session holds). A save that changes nothing is told to its sender alone.
extension Session {
    mutating func keep(_ request: ClientMessage.VariantRequest, from client: Int) throws(ProtocolError) -> [Delivery] {
        switch request {
        case .save(let name, let saved, let itemCount):
            let variant = Variant(name: name, config: saved ?? config, itemCount: itemCount ?? catalog.count)
            let message = ServerMessage.variantSaved(variant, by: client)
            return try variants.save(variant) ? [.everyone(message)] : [.client(client, message)]
        case .delete(let name):
            try variants.delete(named: name)
            return [.everyone(.variantDeleted(name: name, by: client))]
        }
    }
}
