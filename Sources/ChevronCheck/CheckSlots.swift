import ChevronClient

/// A look on a device: what one column of a check measures. A look that its bar sizes (modern)
/// is measured on each device the check asks for, its limit the room the device's bar leaves it
/// without a screen title; a look with its own maximum (the 2010–2013 looks, manifests) once,
/// with no device (docs/looks.md, "The bar").
public struct CheckSlot: Sendable, Hashable {
    /// The look's name.
    public let look: String
    /// The device, for a look its bar sizes; nil for the others.
    public let device: String?
    /// The device's width when it is a project file's device (sent as `barWidth`).
    public let barWidth: Double?
    /// The limit of a row with none of its own: the room the device's bar leaves the button, or
    /// the look's maximum.
    public let maximum: Double
    /// How reports name the column: the look, and its device when a check measures several
    /// (`modern@iphone-16-pro-max`).
    public let label: String
    /// The device's bar width, for a look its bar sizes.
    public var deviceWidth: Double?
    /// The look's minimum width: a limit of a title's own below it is asked at it (no button of
    /// the look is narrower), and the row is over its own limit.
    public var minimum = 0.0
    /// What a title shown whole must leave below the limit, in points, when fontconfig
    /// substitutes the look's font: `substitutionMargin` of the limit; 0 with the real font.
    public var margin = 0.0

    /// The share of a limit that is the substitution margin: 5%. The widths of 150 titles in the
    /// faces installed that could stand in for a missing family (Inter, DejaVu Sans, Liberation
    /// Sans, Nimbus Sans) differ from Noto Sans's by −10% to +10%; Inter, the closest in design to
    /// San Francisco, by −3.1% to +5.1% (`scripts/stand-in-spread.py`; docs/check.md, "near-limit").
    public static let substitutionMargin = 0.05

    /// The slots of `looks` on `devices` (built-in names, the project's, or `all`; none is the
    /// default device), asking `client` what each look's limit is there.
    /// - Throws: `CheckPlan.Problem` naming a device nobody knows.
    public static func slots(
        looks: [String], devices requested: [String], project: [ProjectDevice], client: ChevronClient
    ) async throws -> [CheckSlot] {
        let served = try await client.devices()
        var devices: [(name: String, width: Double?)] = []
        if requested.contains("all") {
            devices = served.devices.map { ($0.name, nil) } + project.map { ($0.name, $0.width) }
        } else {
            for name in requested where !devices.contains(where: { $0.name == name }) {
                if let own = project.first(where: { $0.name == name }) {
                    devices.append((own.name, own.width))
                } else if served.devices.contains(where: { $0.name == name }) {
                    devices.append((name, nil))
                } else {
                    let known = served.devices.map(\.name) + project.map(\.name)
                    throw CheckPlan.Problem(
                        description:
                            "--device \(name): no such device; the devices are \(known.joined(separator: ", ")) (or all)"
                    )
                }
            }
        }
        if devices.isEmpty { devices = [(served.defaultDevice, nil)] }
        var slots: [CheckSlot] = []
        for look in looks {
            // A probe title in the look: its layout says whether a bar sizes the look, and its room.
            var probe = SizeParameters(look: look, title: "A")
            let probed = try await client.size(probe)
            let substituted = probed.font.substituted
            let described = try await client.describeLook(look)
            guard probed.bar != nil else {
                let maximum = described.maximumWidth
                var slot = CheckSlot(look: look, device: nil, barWidth: nil, maximum: maximum, label: look)
                slot.minimum = described.minimumWidth
                if substituted { slot.margin = maximum * substitutionMargin }
                slots.append(slot)
                continue
            }
            for device in devices {
                probe.device = device.width == nil ? device.name : nil
                probe.barWidth = device.width
                let bar = try await client.size(probe).bar
                let room = bar?.room ?? 0
                var slot = CheckSlot(
                    look: look, device: device.name, barWidth: device.width, maximum: room,
                    label: devices.count > 1 ? "\(look)@\(device.name)" : look)
                if substituted { slot.margin = room * substitutionMargin }
                slot.deviceWidth = bar?.width
                slot.minimum = described.minimumWidth
                slots.append(slot)
            }
        }
        return slots
    }
}

extension CheckSlot {
    /// What a report says it measured: each look, and the devices of a look its bar sizes
    /// ("modern on iphone-se (375 pt); classic").
    public static func measuredFor(_ slots: [CheckSlot]) -> String {
        var looks: [String] = []
        var devices: [String: [String]] = [:]
        for slot in slots {
            if !looks.contains(slot.look) { looks.append(slot.look) }
            if let device = slot.device {
                let width = slot.deviceWidth.map { " (\(Points.text($0)) pt)" } ?? ""
                devices[slot.look, default: []].append(device + width)
            }
        }
        return looks.map { look in devices[look].map { "\(look) on \($0.joined(separator: ", "))" } ?? look }
            .joined(separator: "; ")
    }

    /// `measuredFor` of the slots `rows` were measured in (their store's), nil for no row.
    static func measuredFor(_ rows: [CheckRow]) -> String? {
        guard let store = rows.first(where: { $0.lookIndex != CheckRowStore.noLook })?.store else { return nil }
        return measuredFor(
            store.looks.map {
                var slot = CheckSlot(
                    look: $0.name, device: $0.device, barWidth: $0.barWidth, maximum: $0.maximum, label: $0.label)
                slot.deviceWidth = $0.deviceWidth
                return slot
            })
    }
}
