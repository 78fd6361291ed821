/// The file names `activation imei --annotate DIR` gives its pictures: `<name>.annotated.png`,
/// one per input, never two alike, so that inputs with the same base name in different folders
/// (`a/shot.jpg`, `b/shot.png`) do not overwrite each other. Pure.
///
/// Each input takes the first of these that no other input shares:
/// 1. its base name without the extension (`shot`), as before, when no other input has it;
/// 2. its base name with the extension (`shot.jpg`);
/// 3. its path relative to the folder all inputs share, `/` made `_` (`a_shot.jpg`);
/// 4. that name followed by `-N`, N its place in the input order (1-based).
/// Standard input (`-`) is named `stdin`.
public enum AnnotationNames {
    /// The names (without `.annotated.png`) for `paths`, in the same order.
    public static func names(for paths: [String]) -> [String] {
        let parts = paths.map(Parts.init)
        let common = commonDirectory(parts.map(\.directory))
        let levels: [(Parts) -> String] = [
            { $0.stem },
            { $0.base },
            { $0.relative(to: common) },
        ]
        var names = parts.map(levels[0])
        for level in levels.dropFirst() {
            let counts = Dictionary(names.map { ($0, 1) }, uniquingKeysWith: +)
            guard counts.values.contains(where: { $0 > 1 }) else { break }
            for i in names.indices where counts[names[i], default: 0] > 1 { names[i] = level(parts[i]) }
        }
        var taken = Set<String>()
        let counts = Dictionary(names.map { ($0, 1) }, uniquingKeysWith: +)
        for i in names.indices {
            if counts[names[i], default: 0] > 1 || taken.contains(names[i]) { names[i] += "-\(i + 1)" }
            taken.insert(names[i])
        }
        return names
    }

    /// `DIR/<name>.annotated.png`.
    public static func path(_ name: String, in directory: String) -> String {
        let dir = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
        return "\(dir)/\(name).annotated.png"
    }

    /// A path cut into its folder, its base name and its stem.
    struct Parts {
        var directory: [Substring]
        var base: String
        var stem: String

        init(_ path: String) {
            if path == "-" {
                (directory, base, stem) = ([], "stdin", "stdin")
                return
            }
            var components = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
            let last = components.popLast().map(String.init) ?? path
            directory = components
            base = last
            let dot = last.lastIndex(of: ".")
            stem = dot.map { String(last[..<$0]) }.flatMap { $0.isEmpty ? nil : $0 } ?? last
        }

        /// The path below `common`, folders joined to the base name by `_`.
        func relative(to common: Int) -> String {
            (directory.dropFirst(common).map(String.init) + [base]).joined(separator: "_")
        }
    }

    /// How many leading folders every path shares.
    static func commonDirectory(_ directories: [[Substring]]) -> Int {
        guard let first = directories.first else { return 0 }
        var count = 0
        while count < first.count, directories.allSatisfy({ $0.count > count && $0[count] == first[count] }) { count += 1 }
        return count
    }
}
