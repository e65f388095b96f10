import CarouselCore
import PreviewWire

extension LinkSettings {
    /// The configuration of a session this link creates, and what became of each setting: the
    /// preset, then each value that fits its range, then the item count and the item to start on.
    /// Without a preset the
    /// values apply to the server's `start` (the banner preset, or its `--config` file), whose
    /// item count holds unless the link names one; a preset replaces the start entirely, as the
    /// carousel a link from the page describes (it always names its preset, and its item count
    /// when that differs from the preset's). Values that break a rule between fields (an inset
    /// leaving no room for an item) are dropped, the one the rule names first, until the rest
    /// holds together.
    package func creatingSession(
        from start: SessionStart = .banner
    ) -> (config: SessionConfiguration, itemCount: Int?, startItem: Int?, report: LinkReport) {
        let base = preset.flatMap { SessionConfiguration(preset: $0) } ?? start.config
        var ignored = problems
        var accepted: [(field: ConfigurationField, value: JSONValue)] = []
        for entry in values {
            guard let field = ConfigurationSchema.field(linkName: entry.field) else { continue }
            var trial = base.configuration
            do throws(FieldProblem) {
                try field.set(entry.value, in: &trial)
                accepted.append((field, entry.value))
            } catch {
                // The link names the field by its parameter, not by where a message would put it.
                if case .number(let number) = entry.value, let range = error.range {
                    ignored.append(field.rangeProblem(number, range: range, named: field.linkName))
                } else {
                    ignored.append(error)
                }
            }
        }
        var config = base
        while true {
            config = base
            for (field, value) in accepted { try? field.set(value, in: &config.configuration) }
            do throws(FieldProblem) {
                try config.configuration.validateNamingField()
                break
            } catch {
                // The base is valid (a preset, or a settings file read as strictly as a configure), so
                // a link value is to blame; none left means none to drop.
                guard !accepted.isEmpty else { break }
                let named = accepted.lastIndex { $0.field.linkName == error.field }
                let dropped = accepted.remove(at: named ?? accepted.count - 1)
                ignored.append(
                    FieldProblem(
                        field: dropped.field.linkName,
                        path: dropped.field.messagePath,
                        code: .conflict,
                        message: "\(dropped.field.linkName) was left out: \(error.message)"
                    )
                )
            }
        }
        var applied = (preset == nil ? [] : ["preset"]) + accepted.map(\.field.linkName)
        if itemCount != nil { applied.append("items") }
        let count = preset == nil ? itemCount ?? start.itemCount : itemCount
        if startItem != nil { applied.append("item") }
        return (config, count, startItem, LinkReport(applied: applied, ignored: Self.inLinkOrder(ignored)))
    }

    /// What a link means to a session that already exists: nothing applies; each setting that
    /// differs from the session's is reported, so the viewer knows what it sees is not the link's,
    /// with the carousel the link would have made (`wanted`), for the viewer to apply to everyone or
    /// to open in a session of its own.
    package func joining(
        _ session: String,
        config: SessionConfiguration,
        itemCount: Int,
        currentItem: Int,
        start: SessionStart = .banner
    ) -> LinkReport {
        var ignored = problems
        func exists(_ field: String, _ path: String) -> FieldProblem {
            FieldProblem(
                field: field,
                path: path,
                code: .sessionExists,
                message: "\(field) was left out: session \"\(session)\" already exists, and a link sets up only "
                    + "the session it creates"
            )
        }
        if let preset, preset != config.presetName { ignored.append(exists("preset", "config.preset")) }
        for entry in values {
            guard let field = ConfigurationSchema.field(linkName: entry.field),
                field.value(in: config.configuration) != entry.value
            else { continue }
            ignored.append(exists(field.linkName, field.messagePath))
        }
        if let count = self.itemCount, count != itemCount { ignored.append(exists("items", "configure.itemCount")) }
        if let item = startItem, item != currentItem { ignored.append(exists("item", "command.index")) }
        // The item moves with every flick: only the settings make the link's carousel another one.
        let differs = ignored.contains { $0.code == .sessionExists && $0.field != "item" }
        let made = creatingSession(from: start)
        return LinkReport(
            applied: [],
            ignored: Self.inLinkOrder(ignored),
            wanted: differs ? LinkReport.Wanted(config: made.config, itemCount: made.itemCount) : nil
        )
    }

    /// Problems in the order a share link writes its parameters: the preset, the fields in the
    /// schema's order, the item count, the item.
    private static func inLinkOrder(_ problems: [FieldProblem]) -> [FieldProblem] {
        let order = ["preset"] + ConfigurationSchema.fields.map(\.linkName) + ["items", "item"]
        return problems.enumerated().sorted { first, second in
            let firstRank = order.firstIndex(of: first.element.field) ?? order.count
            let secondRank = order.firstIndex(of: second.element.field) ?? order.count
            return (firstRank, first.offset) < (secondRank, second.offset)
        }.map(\.element)
    }
}
