/// iPhone models by identifier and marketing name, DeviceKit style, with native screenshot
/// sizes. Pure data.
///
/// Sizes are the screen's points times its scale (`UIScreen.nativeBounds` for all but the Plus
/// and mini models, whose screenshots keep the rendered size). Add a row when Apple ships a model.
public enum IPhoneModelCatalog {
    typealias Size = IPhoneModel.PixelSize

    static let se1 = Size(640, 1136)
    static let lcd47 = Size(750, 1334)
    static let lcd55 = Size(1242, 2208)
    static let x58 = Size(1125, 2436)
    static let mini = Size(1080, 2340)
    static let xr = Size(828, 1792)
    static let max65 = Size(1242, 2688)
    static let pro61 = Size(1170, 2532)
    static let max67 = Size(1284, 2778)
    static let island61 = Size(1179, 2556)
    static let island67 = Size(1290, 2796)
    static let pro63 = Size(1206, 2622)
    static let max69 = Size(1320, 2868)
    static let air65 = Size(1260, 2736)

    /// Every known model, oldest first.
    public static let models: [IPhoneModel] = [
        IPhoneModel(identifiers: ["iPhone8,1"], name: "iPhone 6s", screenshotSizes: [lcd47]),
        IPhoneModel(identifiers: ["iPhone8,2"], name: "iPhone 6s Plus", screenshotSizes: [lcd55]),
        IPhoneModel(identifiers: ["iPhone8,4"], name: "iPhone SE", screenshotSizes: [se1]),
        IPhoneModel(identifiers: ["iPhone9,1", "iPhone9,3"], name: "iPhone 7", screenshotSizes: [lcd47]),
        IPhoneModel(identifiers: ["iPhone9,2", "iPhone9,4"], name: "iPhone 7 Plus", screenshotSizes: [lcd55]),
        IPhoneModel(identifiers: ["iPhone10,1", "iPhone10,4"], name: "iPhone 8", screenshotSizes: [lcd47]),
        IPhoneModel(identifiers: ["iPhone10,2", "iPhone10,5"], name: "iPhone 8 Plus", screenshotSizes: [lcd55]),
        IPhoneModel(identifiers: ["iPhone10,3", "iPhone10,6"], name: "iPhone X", screenshotSizes: [x58]),
        IPhoneModel(identifiers: ["iPhone11,2"], name: "iPhone XS", screenshotSizes: [x58]),
        IPhoneModel(identifiers: ["iPhone11,4", "iPhone11,6"], name: "iPhone XS Max", screenshotSizes: [max65]),
        IPhoneModel(identifiers: ["iPhone11,8"], name: "iPhone XR", screenshotSizes: [xr]),
        IPhoneModel(identifiers: ["iPhone12,1"], name: "iPhone 11", screenshotSizes: [xr]),
        IPhoneModel(identifiers: ["iPhone12,3"], name: "iPhone 11 Pro", screenshotSizes: [x58]),
        IPhoneModel(identifiers: ["iPhone12,5"], name: "iPhone 11 Pro Max", screenshotSizes: [max65]),
        IPhoneModel(identifiers: ["iPhone12,8"], name: "iPhone SE (2nd generation)", screenshotSizes: [lcd47]),
        IPhoneModel(identifiers: ["iPhone13,1"], name: "iPhone 12 mini", screenshotSizes: [x58, mini]),
        IPhoneModel(identifiers: ["iPhone13,2"], name: "iPhone 12", screenshotSizes: [pro61]),
        IPhoneModel(identifiers: ["iPhone13,3"], name: "iPhone 12 Pro", screenshotSizes: [pro61]),
        IPhoneModel(identifiers: ["iPhone13,4"], name: "iPhone 12 Pro Max", screenshotSizes: [max67]),
        IPhoneModel(identifiers: ["iPhone14,4"], name: "iPhone 13 mini", screenshotSizes: [x58, mini]),
        IPhoneModel(identifiers: ["iPhone14,5"], name: "iPhone 13", screenshotSizes: [pro61]),
        IPhoneModel(identifiers: ["iPhone14,2"], name: "iPhone 13 Pro", screenshotSizes: [pro61]),
        IPhoneModel(identifiers: ["iPhone14,3"], name: "iPhone 13 Pro Max", screenshotSizes: [max67]),
        IPhoneModel(identifiers: ["iPhone14,6"], name: "iPhone SE (3rd generation)", screenshotSizes: [lcd47]),
        IPhoneModel(identifiers: ["iPhone14,7"], name: "iPhone 14", screenshotSizes: [pro61]),
        IPhoneModel(identifiers: ["iPhone14,8"], name: "iPhone 14 Plus", screenshotSizes: [max67]),
        IPhoneModel(identifiers: ["iPhone15,2"], name: "iPhone 14 Pro", screenshotSizes: [island61]),
        IPhoneModel(identifiers: ["iPhone15,3"], name: "iPhone 14 Pro Max", screenshotSizes: [island67]),
        IPhoneModel(identifiers: ["iPhone15,4"], name: "iPhone 15", screenshotSizes: [island61]),
        IPhoneModel(identifiers: ["iPhone15,5"], name: "iPhone 15 Plus", screenshotSizes: [island67]),
        IPhoneModel(identifiers: ["iPhone16,1"], name: "iPhone 15 Pro", screenshotSizes: [island61]),
        IPhoneModel(identifiers: ["iPhone16,2"], name: "iPhone 15 Pro Max", screenshotSizes: [island67]),
        IPhoneModel(identifiers: ["iPhone17,3"], name: "iPhone 16", screenshotSizes: [island61]),
        IPhoneModel(identifiers: ["iPhone17,4"], name: "iPhone 16 Plus", screenshotSizes: [island67]),
        IPhoneModel(identifiers: ["iPhone17,1"], name: "iPhone 16 Pro", screenshotSizes: [pro63]),
        IPhoneModel(identifiers: ["iPhone17,2"], name: "iPhone 16 Pro Max", screenshotSizes: [max69]),
        IPhoneModel(identifiers: ["iPhone17,5"], name: "iPhone 16e", screenshotSizes: [pro61]),
        IPhoneModel(identifiers: ["iPhone18,3"], name: "iPhone 17", screenshotSizes: [pro63]),
        IPhoneModel(identifiers: ["iPhone18,1"], name: "iPhone 17 Pro", screenshotSizes: [pro63]),
        IPhoneModel(identifiers: ["iPhone18,2"], name: "iPhone 17 Pro Max", screenshotSizes: [max69]),
        IPhoneModel(identifiers: ["iPhone18,4"], name: "iPhone Air", screenshotSizes: [air65]),
    ]

    /// The model with this identifier (`iPhone15,2`) or marketing name (`iPhone 14 Pro`,
    /// `Apple iPhone 14 Pro`, `iphone 14 pro`); nil when unknown.
    public static func model(named text: String) -> IPhoneModel? {
        let key = normalise(text)
        guard !key.isEmpty else { return nil }
        return byKey[key]
    }

    static let byKey: [String: IPhoneModel] = {
        var table: [String: IPhoneModel] = [:]
        for model in models {
            table[normalise(model.name)] = model
            for identifier in model.identifiers {
                table[normalise(identifier)] = model
            }
        }
        return table
    }()

    /// Lowercase, without an `Apple ` prefix, with runs of spaces made one.
    static func normalise(_ text: String) -> String {
        var words = text.lowercased().split(whereSeparator: \.isWhitespace)
        if words.first == "apple" { words.removeFirst() }
        return words.joined(separator: " ")
    }
}
